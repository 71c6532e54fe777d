/**
 * The durable floor of an import on this machine, measured beside the service in the same run: the bare handler of
 * import-path.bench.ts that also hashes the file (SHA-256), decodes it with core's decoder on its event loop and
 * stores its bytes with one INSERT into a SQLite database of its own (WAL, `synchronous = FULL`: one fsync an import,
 * as the service's acknowledgement requires). It merges nothing and writes no rows, no day data and no fleet row:
 * the least any decoded, durably stored import costs, against which the files/s goals can be read.
 */
import { resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { postAll } from './service-process.bench.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** A server process started by import-path.bench.ts (the service, the bare handler or this floor). */
export interface Listening {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The floor's server: a module run as a child process (import-path.bench.ts `startScript`), its database file its argument. */
export const DURABLE_FLOOR_SOURCE = `
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { H3, readBody } from 'h3';
import { toNodeHandler } from 'h3/node';
import { decodeCardFile } from ${JSON.stringify(resolve(ROOT, 'dist/core/use-cases/decode-card-file.js'))};
const db = new Database(process.argv[1]);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('CREATE TABLE IF NOT EXISTS file (sha256 TEXT PRIMARY KEY, card_number TEXT, bytes BLOB)');
const insert = db.prepare('INSERT INTO file VALUES (?, ?, ?)');
const app = new H3();
let n = 0;
app.post('/api/drivercard/parse', async (event) => {
  const body = await readBody(event);
  const bytes = Buffer.from(body.content_base64, 'base64');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const card = await decodeCardFile(bytes);
  insert.run(sha256, card.metadata.card.card_number, bytes);
  return { import_id: 'imp_' + (++n), file_name: body.file_name, size_bytes: bytes.byteLength, reused: false, conflicting_dates: [] };
});
const server = createServer(toNodeHandler(app));
server.listen(0, '127.0.0.1', () => console.log('floor listening on http://127.0.0.1:' + server.address().port + '/'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** Its files/s with 1 and 8 clients, after a warm-up as the service's (import-path.bench.ts `measure`). */
export async function floorThroughput(
  floor: Listening,
  bodies: (count: number, tag: string) => string[],
  plan: { imports: number; warmUp: number },
): Promise<{ one: number; eight: number }> {
  await postAll(floor.url, bodies(Math.max(1, plan.warmUp), 'floor-warm'), 4);
  const one = await postAll(floor.url, bodies(plan.imports, 'floor-one'), 1);
  const eight = await postAll(floor.url, bodies(plan.imports * 2, 'floor-eight'), 8);
  return { one, eight };
}
