/** The recorded answers' file: its shape, where the recorder reads its files from, and its text. */
import { fileURLToPath } from 'node:url';

export const FROZEN_AT = '2026-07-01T10:00:00Z';
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/ddd/', import.meta.url));
export const SAMPLES_DIR =
  process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../../shared/samples/', import.meta.url));

export interface RecordedAnswer {
  key: string;
  status: number;
  content_type: string;
  sha256: string;
}

export interface Recording {
  frozen_at: string;
  fixtures: RecordedAnswer[];
  /** null when the samples folder was absent */
  samples: RecordedAnswer[] | null;
}

/** The recording as JSON, one answer a line (a changed answer is a one-line diff). */
export function recordingText(recording: Recording): string {
  const list = (answers: readonly RecordedAnswer[] | null) =>
    answers === null ? 'null' : `[\n${answers.map((answer) => `  ${JSON.stringify(answer)}`).join(',\n')}\n ]`;
  return (
    `{\n "frozen_at": ${JSON.stringify(recording.frozen_at)},\n "fixtures": ${list(recording.fixtures)},\n` +
    ` "samples": ${list(recording.samples)}\n}\n`
  );
}
