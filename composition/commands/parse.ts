/**
 * `drivercard parse FILE.ddd [--pretty]`: decodes one download file and prints ONE JSON object with the row
 * shapes of the API contract (no ids yet: nothing is stored). A driver card gives
 * `{ import, activities, events, faults, vehicles_used, positions, warnings }`; a vehicle-unit download (first
 * bytes '76' and a VU TREP, core/decoder/vu/download-kind.ts) gives `{ import, vu_activities, card_insertions,
 * vu_events, vu_faults, overspeeding, calibrations, vu_positions }` (core/rows/vu-download.ts), its import
 * carrying the warnings and the per-TREP authenticity. The file is read as a stream; size and SHA-256 are
 * computed on the way through.
 *
 * On a file that cannot be read or decoded: one English line on stderr, exit 1. Only the file's base name is
 * ever printed (never its local path); certificates, signatures and raw bytes are never printed.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { commandArguments } from './arguments.js';
import { DddDecodeError, type DecodeErrorReason } from '../../core/decoder/api.js';
import { decodeDownload } from '../../core/decoder/index.js';
import { toParsedCard } from '../../core/rows/to-parsed-card.js';
import { vuRows, type VuRows } from '../../core/rows/vu-download.js';
import { parsedCardToResponse, type ImportMetadataResponse } from '../../adapters/http/mappers.js';
import type { ParsedCard } from '../../core/domain/rows.js';
import type { AuthenticityVerifier } from '../../core/authenticity/index.js';
import { VuAuthenticityVerifier } from '../../core/authenticity/verify-vu.js';
import { createVerifier, createVuVerifier, trustDirFromEnv } from '../trust-store-loader.js';
import { ConfigError } from '../config.js';

export interface CommandIo {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

export const PARSE_USAGE = 'usage: drivercard parse FILE.ddd [--pretty]';

/** Short English reasons for the one-line error, by DddDecodeError reason. */
const REASON_TEXT: Record<DecodeErrorReason, string> = {
  empty: 'the file is empty',
  not_a_ddd_file: 'not a driver-card download file',
  truncated: 'the file is truncated',
  vehicle_unit_download: 'a vehicle-unit download, not a driver card',
  no_identification: 'the file holds no card identification',
  conflicting_duplicate_ef: 'the same elementary file appears twice with different content',
  reserved_length: 'a block has the reserved length FF FF',
};

/** Why a file could not be read, by Node error code (never the error's message: it holds the path). */
export function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return code ? `read error ${code}` : 'read error';
  }
}

/** The import object of the output: the decoder's metadata plus what the file itself tells. */
export interface ParseImport extends ImportMetadataResponse {
  file_name: string;
  size_bytes: number;
  content_sha256: string;
}

/** What the command calls; replaceable in tests only. */
export interface ParseDeps {
  decodeDownload: typeof decodeDownload;
  toParsedCard: typeof toParsedCard;
  /** default: the verifier of DRIVERCARD_TRUST_DIR (or the shipped European roots) */
  verifier?: AuthenticityVerifier;
  /** the same for vehicle-unit downloads */
  vuVerifier?: VuAuthenticityVerifier;
}

export { createVuVerifier };

/** The arguments: one file and `--pretty`, or the exit code of `--help` / a usage error. */
function parseArguments(argv: string[], io: CommandIo): { path: string; pretty: boolean } | number {
  const args = commandArguments(argv, io, PARSE_USAGE, 1, ['--pretty']);
  if (typeof args === 'number') return args;
  return { path: args.positional[0]!, pretty: args.flags.includes('--pretty') };
}

/** A file read as a stream, its size and SHA-256 computed on the way through; a read failure is kept apart. */
class FileReading {
  private readonly hash = createHash('sha256');
  size = 0;
  readError: unknown = null;

  constructor(private readonly path: string) {}

  async *chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of createReadStream(this.path)) {
        const bytes = chunk as Buffer;
        this.hash.update(bytes);
        this.size += bytes.length;
        yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      }
    } catch (error) {
      this.readError = error;
      throw error;
    }
  }

  sha256Hex(): string {
    return this.hash.digest('hex');
  }
}

/** The one stderr line of a file that could not be read or decoded (never the error's text: it may hold the path or bytes). */
function failureLine(path: string, reading: FileReading, error: unknown): string {
  // named as the user gave it (that is what they typed: relative stays relative)
  if (reading.readError !== null) return `drivercard: cannot read ${path}: ${readFailure(reading.readError)}\n`;
  const fileName = basename(path);
  if (error instanceof DddDecodeError)
    return `drivercard: cannot decode ${fileName}: ${error.reason} (${REASON_TEXT[error.reason]})\n`;
  return `drivercard: cannot decode ${fileName}: internal_error (the decoder failed unexpectedly)\n`;
}

interface Verifiers {
  card: AuthenticityVerifier;
  vu: VuAuthenticityVerifier;
}

type Parsed = { kind: 'DRIVER_CARD'; card: ParsedCard } | { kind: 'VEHICLE_UNIT'; rows: VuRows };

async function decodeAndVerify(reading: FileReading, deps: ParseDeps, verifiers: Verifiers): Promise<Parsed> {
  const download = await deps.decodeDownload(reading.chunks());
  if (download.kind === 'VEHICLE_UNIT') {
    const rows = vuRows(download.vu);
    const outcome = verifiers.vu.verify(download.vu);
    rows.import.warnings.push(...outcome.warnings);
    rows.import.authenticity = outcome.authenticity;
    return { kind: 'VEHICLE_UNIT', rows };
  }
  const parsed = deps.toParsedCard(download.card);
  const outcome = verifiers.card.verify(download.card);
  parsed.metadata.authenticity = outcome.authenticity;
  parsed.metadata.warnings.push(...outcome.warnings);
  return { kind: 'DRIVER_CARD', card: parsed };
}

/** What the file itself tells, for the import object. */
function fileFacts(fileName: string, reading: FileReading) {
  return { file_name: fileName, size_bytes: reading.size, content_sha256: reading.sha256Hex() };
}

/** A VU download's one JSON object: the contract's keys, the import with what the file itself tells. */
function vuOutputOf(rows: VuRows, fileName: string, reading: FileReading) {
  return { ...rows, import: { ...rows.import, ...fileFacts(fileName, reading) } };
}

/** A card's one JSON object: the import (metadata and what the file itself tells) and the rows. */
function outputOf(parsed: ParsedCard, fileName: string, reading: FileReading) {
  const rows = parsedCardToResponse(parsed);
  const importObject: ParseImport = {
    ...rows.metadata,
    ...fileFacts(fileName, reading),
  };
  return {
    import: importObject,
    activities: rows.activities,
    events: rows.events,
    faults: rows.faults,
    vehicles_used: rows.vehicles_used,
    positions: rows.positions,
    warnings: rows.metadata.warnings,
  };
}

export async function parseCommand(
  argv: string[],
  io: CommandIo,
  deps: ParseDeps = { decodeDownload, toParsedCard },
): Promise<number> {
  const args = parseArguments(argv, io);
  if (typeof args === 'number') return args;
  let verifiers: Verifiers;
  try {
    verifiers = {
      card: deps.verifier ?? createVerifier(trustDirFromEnv()),
      vu: deps.vuVerifier ?? createVuVerifier(trustDirFromEnv()),
    };
  } catch (error) {
    io.stderr(`drivercard: ${error instanceof ConfigError ? error.message : 'the trust store cannot be loaded'}\n`);
    return 1;
  }
  const reading = new FileReading(args.path);
  let parsed: Parsed;
  try {
    parsed = await decodeAndVerify(reading, deps, verifiers);
  } catch (error) {
    io.stderr(failureLine(args.path, reading, error));
    return 1;
  }
  const name = basename(args.path);
  const output =
    parsed.kind === 'VEHICLE_UNIT' ? vuOutputOf(parsed.rows, name, reading) : outputOf(parsed.card, name, reading);
  io.stdout(`${JSON.stringify(output, null, args.pretty ? 2 : undefined)}\n`);
  return 0;
}
