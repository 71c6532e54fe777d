import t from 'tap';
import { createHash } from 'node:crypto';
import type { ActivityIntervalRow } from '../domain/rows.js';
import { isoTimestamp, parseIsoDay, parseIsoTimestamp } from '../time.js';
import { buildParsedCard, workingDay } from './testing/parsed-card-builder.js';
import { dayRecordsOf } from './day-records.js';

const hasher = {
  sha256Hex: (b: Uint8Array) => createHash('sha256').update(b).digest('hex'),
  sha256HexOfText: (text: string) => createHash('sha256').update(text, 'utf8').digest('hex'),
};

/** The fingerprint text as stored since the first release (ISO rows joined), written the plain way. */
function expectedFingerprint(rows: readonly ActivityIntervalRow[], distance: number): string {
  const text =
    rows
      .map((r) =>
        [
          isoTimestamp(r.start),
          isoTimestamp(r.end),
          r.activity,
          r.slot,
          r.crew ? 1 : 0,
          r.card_inserted ? 1 : 0,
          r.manual_entry ? 1 : 0,
        ].join('|'),
      )
      .join(';') + `#${distance}`;
  return createHash('sha256').update(new TextEncoder().encode(text)).digest('hex').slice(0, 32);
}

t.test('a day fingerprint is the SHA-256 of its intervals as ISO text, whatever day an instant falls on', async (t) => {
  const card = buildParsedCard({ days: [workingDay('2026-03-02', 123), workingDay('2026-03-03', 7)] });
  const day = parseIsoDay('2026-03-02')!;
  const odd: ActivityIntervalRow[] = [
    // an interval to 24:00 (its end is the next day's first second) and one recorded before the day began
    {
      ...card.activities[0]!,
      date: day,
      start: parseIsoTimestamp('2026-03-02T23:00:00Z'),
      end: parseIsoTimestamp('2026-03-03T00:00:00Z'),
      crew: true,
    },
    {
      ...card.activities[0]!,
      date: day,
      start: parseIsoTimestamp('2026-03-01T23:59:59Z'),
      end: parseIsoTimestamp('2026-03-02T00:00:00Z'),
      manual_entry: true,
    },
  ];
  card.activities.push(...odd);
  const records = dayRecordsOf(card, hasher);
  t.same(
    records.map((r) => r.distance_km),
    [123, 7],
  );
  for (const record of records) {
    const rows = card.activities.filter((r) => r.date === record.date).sort((a, b) => a.start - b.start);
    t.equal(record.fingerprint, expectedFingerprint(rows, record.distance_km), `day ${record.date}`);
  }
});
