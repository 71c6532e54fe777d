/**
 * `npm run answers:record`: starts the service on loopback (a fresh SQLite database, times shown in UTC; the
 * fixtures trusted through the test PKI, the real samples through the shipped European roots), imports the fixtures' DDD files, asks the recorded set of requests (./answer-set.ts) and
 * writes the SHA-256 digest of every answer's bytes with its status and content type. The real samples
 * (../shared/samples/) are imported into a second, separate service, so the fixture answers do not depend on
 * whether the samples are present. Only digests are written: no answer text of a real sample enters the repository.
 *
 * The service's wall clock is frozen (FROZEN_AT) and its import ids are counted (imp_000…1, …2 in import order), so
 * the same build gives the same bytes on every run: the answers that print "now" (imported_at, the fleet's due
 * dates, the report's generated_at) print FROZEN_AT. Options: --out FILE (default: print the JSON), --bodies FILE
 * (every answer's bytes as JSON lines, for comparing two builds by eye; never commit it), --fixtures DIR,
 * --samples DIR.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  FIXTURES_DIR,
  FROZEN_AT,
  recordingText,
  SAMPLES_DIR,
  type RecordedAnswer,
  type Recording,
} from './recording.js';
import { refusedRequests, fileRequests, serviceRequests, type AnswerRequest, type ImportedFile } from './answer-set.js';
import { mutatingRequests } from './answer-mutations.js';

/** Every `new Date()` and `Date.now()` of this process answers FROZEN_AT (dates given explicitly are kept). */
function freezeWallClock(): void {
  const frozenMs = Date.parse(FROZEN_AT);
  const RealDate = Date;
  class FrozenDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(frozenMs);
      else super(...(args as [number]));
    }
    static override now(): number {
      return frozenMs;
    }
  }
  globalThis.Date = FrozenDate as DateConstructor;
}

interface Service {
  url: string;
  close(): Promise<void>;
}

async function startService(dataDir: string, trustDir: string | undefined): Promise<Service> {
  const { RandomIdGenerator } = await import('../../adapters/crypto/random-id-generator.js');
  let counter = 0;
  RandomIdGenerator.prototype.newImportId = () => `imp_${(++counter).toString(16).padStart(26, '0')}`;
  const { startServer } = await import('../../composition/server.js');
  const config = { dataDir, host: '127.0.0.1', port: 0, timeZone: 'UTC', ...(trustDir ? { trustDir } : {}) };
  return startServer(config, { env: {} });
}

class Recorder {
  readonly answers: RecordedAnswer[] = [];
  constructor(
    private readonly service: Service,
    private readonly bodiesFile: string | null,
  ) {}

  async ask(request: AnswerRequest): Promise<Buffer> {
    const init: RequestInit = { method: request.method };
    if (request.body !== undefined) {
      init.body = JSON.stringify(request.body);
      init.headers = { 'content-type': request.contentType ?? 'application/json' };
    }
    const response = await fetch(this.service.url + request.url, init);
    const bytes = Buffer.from(await response.arrayBuffer());
    const answer = {
      key: request.key,
      status: response.status,
      content_type: response.headers.get('content-type') ?? '',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    this.answers.push(answer);
    if (this.bodiesFile !== null) {
      const line = { ...answer, method: request.method, url: request.url, body: bytes.toString('base64') };
      appendFileSync(this.bodiesFile, JSON.stringify(line) + '\n');
    }
    return bytes;
  }
}

/** Imports a file (then again, then asks for its anonymized copy); what its parse answer says of it. */
async function importFile(recorder: Recorder, path: string): Promise<ImportedFile> {
  const name = basename(path);
  const body = { file_name: name, content_base64: readFileSync(path).toString('base64') };
  const parse = { method: 'POST', url: '/api/drivercard/parse', body } as const;
  const first = await recorder.ask({ ...parse, key: `${name}: POST /api/drivercard/parse` });
  await recorder.ask({ ...parse, key: `${name}: POST /api/drivercard/parse (again)` });
  await recorder.ask({
    key: `${name}: POST /api/drivercard/anonymize`,
    method: 'POST',
    url: '/api/drivercard/anonymize',
    body,
  });
  const file: ImportedFile = { name, importId: null, cardNumber: null, from: null, to: null };
  try {
    const answer = JSON.parse(first.toString('utf8')) as {
      import_id?: string;
      card?: { card_number?: string | null };
      activity_range?: { from?: string | null; to?: string | null };
    };
    file.importId = answer.import_id ?? null;
    file.cardNumber = answer.card?.card_number ?? null;
    file.from = answer.activity_range?.from ?? null;
    file.to = answer.activity_range?.to ?? null;
  } catch {
    // a refused file: its error answer is recorded, nothing is asked about it
  }
  return file;
}

/** One service over one set of files: every file imported, then the whole request set asked. */
export async function recordFiles(
  paths: readonly string[],
  trust: 'test-pki' | 'shipped',
  bodiesFile: string | null,
): Promise<RecordedAnswer[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'drivercard-answers-'));
  let trustDir: string | undefined;
  if (trust === 'test-pki') {
    const { writeTestTrustDir } = await import('../../fixtures/pki/test-pki.js');
    trustDir = writeTestTrustDir(join(dataDir, 'trust'));
  }
  const service = await startService(dataDir, trustDir);
  try {
    const recorder = new Recorder(service, bodiesFile);
    const files: ImportedFile[] = [];
    for (const path of paths) files.push(await importFile(recorder, path));
    for (const file of files) for (const request of fileRequests(file)) await recorder.ask(request);
    for (const request of serviceRequests()) await recorder.ask(request);
    const firstImported = files.find((file) => file.importId !== null && file.cardNumber !== null) ?? null;
    for (const request of refusedRequests(firstImported?.importId ?? null)) await recorder.ask(request);
    if (firstImported !== null) await mutatingRequests(recorder, firstImported);
    return recorder.answers;
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function dddFilesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ddd'))
    .sort()
    .map((name) => join(dir, name));
}

export async function recordAnswers(options: {
  fixturesDir?: string;
  samplesDir?: string;
  bodiesFile?: string | null;
}): Promise<Recording> {
  freezeWallClock();
  const bodies = options.bodiesFile ?? null;
  if (bodies !== null) writeFileSync(bodies, '');
  const fixtures = await recordFiles(dddFilesOf(options.fixturesDir ?? FIXTURES_DIR), 'test-pki', bodies);
  const samplesDir = options.samplesDir ?? SAMPLES_DIR;
  const samples = existsSync(samplesDir) ? await recordFiles(dddFilesOf(samplesDir), 'shipped', bodies) : null;
  return { frozen_at: FROZEN_AT, fixtures, samples };
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(args: readonly string[]): Promise<void> {
  const out = option(args, '--out');
  const recording = await recordAnswers({
    ...(option(args, '--fixtures') !== undefined ? { fixturesDir: resolve(option(args, '--fixtures')!) } : {}),
    ...(option(args, '--samples') !== undefined ? { samplesDir: resolve(option(args, '--samples')!) } : {}),
    bodiesFile: option(args, '--bodies') ?? null,
  });
  const text = recordingText(recording);
  if (out === undefined) process.stdout.write(text);
  else writeFileSync(out, text);
  const count = recording.fixtures.length + (recording.samples?.length ?? 0);
  process.stderr.write(
    `recorded ${count} answers (${recording.fixtures.length} over the fixtures, ` +
      `${recording.samples === null ? 'no samples folder' : `${recording.samples.length} over the real samples`})\n`,
  );
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`answers:record failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  });
}
