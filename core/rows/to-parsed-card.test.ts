import t from 'tap';
import { decodeDddBytes } from '../decoder/decode-ddd.js';
import { DAY1, gen1Card, gen2Card } from '../decoder/testing/cards.js';
import { bytes, change, dailyRecord, fill, identification, signed, u16 } from '../decoder/testing/bytes.js';
import { toParsedCard } from './to-parsed-card.js';
import { placeType } from './positions.js';
import { isoDay, isoDayOrNull, isoTimestamp, isoTimestampOrNull } from '../time.js';

const T = isoTimestampOrNull;
const range = (r: { from: number | null; to: number | null; days: number }) => ({
  from: isoDayOrNull(r.from),
  to: isoDayOrNull(r.to),
  days: r.days,
});

t.test('gen1 card → rows', async (t) => {
  const p = toParsedCard(decodeDddBytes(gen1Card()));
  t.equal(p.metadata.generation, 'GEN1');
  t.same(p.metadata.card, {
    card_number: 'D1234567890120AB',
    issuing_member_state: 'FI',
    issuing_authority: 'AUTHORITY',
    issue_date: '2020-01-01',
    validity_begin: '2020-01-02',
    expiry_date: '2025-01-01',
  });
  t.same(p.metadata.driver, {
    surname: 'SURNAME',
    first_names: 'FIRST',
    birth_date: '1980-02-29',
    preferred_language: 'en',
    licence_issuing_nation: 'FI',
    licence_number: 'LIC-42',
  });
  t.same(range(p.metadata.activity_range), { from: '2025-06-02', to: '2025-06-03', days: 2 });
  t.same(p.metadata.warnings, []);

  t.equal(p.activities.length, 7);
  t.same(
    p.activities.slice(0, 4).map((a) => [isoTimestamp(a.start), isoTimestamp(a.end), a.activity, a.duration]),
    [
      ['2025-06-02T00:00:00Z', '2025-06-02T06:00:00Z', 'REST', 21600],
      ['2025-06-02T06:00:00Z', '2025-06-02T10:00:00Z', 'DRIVING', 14400],
      ['2025-06-02T10:00:00Z', '2025-06-02T10:30:00Z', 'WORK', 1800],
      ['2025-06-02T10:30:00Z', '2025-06-03T00:00:00Z', 'REST', 48600],
    ],
  );
  const day2 = p.activities.slice(4);
  // the newest day ends at the download: EF Card_Download says 13:53:20 (DAY2 + 50,000 s), after the last change
  // (08:00): 50,000 − 28,800 = 21,200 s instead of the 57,600 s to 24:00
  t.same(
    day2.map((a) => [a.activity, a.slot, a.crew, a.card_inserted, a.manual_entry, a.duration]),
    [
      ['WORK', 'DRIVER', false, false, true, 25200],
      ['DRIVING', 'CO_DRIVER', true, true, false, 3600],
      ['REST', 'DRIVER', false, false, false, 21200],
    ],
  );
  t.equal(T(day2[2].end), '2025-06-03T13:53:20Z');
  t.equal(day2[0].card_number, 'D1234567890120AB');
  t.equal(day2[0].import_id, null);
  t.equal(isoDay(day2[0].date), '2025-06-03');

  t.same(
    p.events.map((e) => [e.code, e.type, T(e.start), T(e.end), e.vehicle_registration]),
    [
      [0x88, null, '2025-06-02T00:01:40Z', '2025-06-02T00:03:20Z', null],
      [
        5,
        'CARD_INSERTION_WHILE_DRIVING',
        '2025-06-02T01:00:00Z',
        '2025-06-02T01:30:00Z',
        { nation: 'FI', number: 'ABC-123' },
      ],
    ],
  );
  t.equal(p.events[0].description, null);
  t.type(p.events[1].description, 'string');
  t.same(
    p.faults.map((f) => [f.code, T(f.start), f.vehicle_registration?.nation]),
    [[0x31, '2025-06-03T00:01:00Z', 'DE']],
  );

  t.same(
    p.vehicles_used.map((v) => ({ ...v, first_use: T(v.first_use), last_use: T(v.last_use) })),
    [
      {
        import_id: null,
        card_number: 'D1234567890120AB',
        registration: { nation: 'FI', number: 'ABC-123' },
        vin: null,
        first_use: '2025-06-02T00:05:00Z',
        last_use: '2025-06-02T11:06:40Z',
        odometer_begin_km: 10000,
        odometer_end_km: 10250,
        distance_km: 250,
        vu_data_block_counter: 42,
      },
      {
        import_id: null,
        card_number: 'D1234567890120AB',
        registration: { nation: 'DE', number: 'M-XY 1' },
        vin: null,
        first_use: '2025-06-03T00:05:00Z',
        last_use: '2025-06-03T02:30:00Z',
        odometer_begin_km: 20000,
        odometer_end_km: 19000,
        distance_km: null,
        vu_data_block_counter: 43,
      },
    ],
  );
  t.same(
    p.positions.map((x) => [
      x.source,
      x.type,
      T(x.timestamp),
      x.country_code,
      x.region_code,
      x.odometer_km,
      x.latitude,
      x.gnss_accuracy,
    ]),
    [
      ['PLACE', 'BEGIN', '2025-06-02T00:05:00Z', 'ES', 'M', 10000, null, null],
      ['PLACE', 'END', '2025-06-02T11:06:40Z', 'FI', null, 10250, null, null],
    ],
  );
  t.same(
    p.day_distances.map((d) => [isoDay(d.date), d.distance_km]),
    [
      ['2025-06-02', 250],
      ['2025-06-03', 80],
    ],
  );
  const json = JSON.stringify(p);
  t.notMatch(json, /5a5a5a|Signature|certificate/i, 'no signatures or certificates');
});

t.test('gen2 v2 card → rows from the G2 application', async (t) => {
  const p = toParsedCard(decodeDddBytes(gen2Card(2)));
  t.equal(p.metadata.generation, 'GEN2V2');
  t.equal(p.metadata.card.card_number, 'G2CARD0000000100');
  t.equal(p.metadata.driver.surname, 'G2SURNAME');
  t.equal(p.vehicles_used[0].vin, 'YV2A4C2A5JB123456');
  t.equal(p.vehicles_used[1].vin, null);
  t.same(
    p.positions.map((x) => [
      x.source,
      x.type,
      T(x.timestamp),
      x.country_code,
      x.latitude,
      x.longitude,
      x.gnss_accuracy,
      x.odometer_km,
    ]),
    [
      ['PLACE', 'BEGIN', '2025-06-02T00:05:00Z', 'ES', 40.416667, -3.691667, 2.5, 10000],
      ['GNSS_ACCUMULATED_DRIVING', null, '2025-06-02T03:00:00Z', null, 48.508333, 11.566667, 1.2, 10100],
      ['BORDER_CROSSING', null, '2025-06-02T05:33:20Z', 'DE', 54, 10, 1, 10150],
      ['LOAD_UNLOAD', 'UNLOAD', '2025-06-02T06:56:40Z', null, 53.555, 10, 1, 10200],
      ['PLACE', 'END', '2025-06-02T11:06:40Z', 'FI', 40.416667, -3.691667, 2.5, 10250],
    ],
  );
  t.equal(p.activities.length, 7);
});

/** A card with these daily records (oldest first) and nothing else but EF Identification. */
function cardOfDays(...records: { date: number; changes: number[] }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let previous = 0;
  let offset = 0;
  let newest = 0;
  for (const r of records) {
    const rec = dailyRecord(previous, r.date, [0, 1], 10, r.changes);
    newest = offset;
    offset += rec.length;
    previous = rec.length;
    parts.push(rec);
  }
  const ef = bytes(u16(0), u16(newest), ...parts, fill(400 - offset));
  return bytes(signed(0x0520, 1, identification()), signed(0x0504, 1, ef));
}

const NEXT_DAY = { date: Date.UTC(2025, 8, 6) / 1000, changes: [change({ a: 0, min: 0 }), change({ a: 3, min: 480 })] };

t.test('out-of-order minutes give a negative interval and a warning', async (t) => {
  const d = Date.UTC(2025, 8, 5) / 1000;
  const p = toParsedCard(
    decodeDddBytes(
      cardOfDays(
        { date: d, changes: [change({ a: 0, min: 0 }), change({ p: 1, a: 2, min: 901 }), change({ a: 0, min: 893 })] },
        NEXT_DAY,
      ),
    ),
  );
  const day = p.activities.filter((a) => isoDay(a.date) === '2025-09-05');
  t.same(
    day.map((a) => a.duration),
    [901 * 60, -8 * 60, (1440 - 893) * 60],
  );
  t.equal(
    day.reduce((s, a) => s + a.duration, 0),
    86_400,
    'a day before the newest one still sums to 24 h',
  );
  t.same(
    p.metadata.warnings.map((w) => w.code).filter((c) => c !== 'missing_ef'),
    ['activity_time_out_of_order'],
  );
  // the same record as the newest day: the download came after its newest change (15:01, not its last-stored one)
  const newest = toParsedCard(
    decodeDddBytes(
      cardOfDays({
        date: d,
        changes: [change({ a: 0, min: 0 }), change({ p: 1, a: 2, min: 901 }), change({ a: 0, min: 893 })],
      }),
    ),
  );
  t.same(
    newest.activities.map((a) => [T(a.start), T(a.end), a.duration]),
    [
      ['2025-09-05T00:00:00Z', '2025-09-05T15:01:00Z', 901 * 60],
      ['2025-09-05T15:01:00Z', '2025-09-05T14:53:00Z', -8 * 60],
      ['2025-09-05T14:53:00Z', '2025-09-05T15:01:00Z', 8 * 60],
    ],
  );
});

t.test('the newest day ends at the download time; older days run to 24:00', async (t) => {
  const d = Date.UTC(2025, 8, 5) / 1000;
  const p = toParsedCard(
    decodeDddBytes(cardOfDays({ date: d, changes: [change({ a: 0, min: 0 }), change({ a: 3, min: 600 })] }, NEXT_DAY)),
  );
  t.same(
    p.activities.map((a) => [a.activity, T(a.start), T(a.end), a.duration]),
    [
      ['REST', '2025-09-05T00:00:00Z', '2025-09-05T10:00:00Z', 600 * 60],
      ['DRIVING', '2025-09-05T10:00:00Z', '2025-09-06T00:00:00Z', 840 * 60],
      ['REST', '2025-09-06T00:00:00Z', '2025-09-06T08:00:00Z', 480 * 60],
      // nothing in the file is newer than this change: the card was read at 08:00 at the earliest, so the driving
      // that began then is an interval of 0 s, not 16 h to 24:00
      ['DRIVING', '2025-09-06T08:00:00Z', '2025-09-06T08:00:00Z', 0],
    ],
  );
});

t.test('a card without activity data', async (t) => {
  const p = toParsedCard(decodeDddBytes(bytes(signed(0x0520, 1, identification({ cardNumber: '                ' })))));
  t.equal(p.metadata.card.card_number, null);
  t.same(p.metadata.activity_range, { from: null, to: null, days: 0 });
  t.same([p.activities, p.events, p.faults, p.vehicles_used, p.positions, p.day_distances], [[], [], [], [], [], []]);
  t.equal(p.metadata.driver.licence_number, null);
});

t.test('place entry types', async (t) => {
  t.same([0, 1, 2, 3, 4, 5, 6, 255].map(placeType), ['BEGIN', 'END', 'BEGIN', 'END', 'BEGIN', 'END', null, null]);
});

t.test('activity DAY1 constant sanity', async (t) => {
  t.equal(new Date(DAY1 * 1000).toISOString(), '2025-06-02T00:00:00.000Z');
});

t.test('audit: activity changes at minute 1440 or later are left out, with a warning', async (t) => {
  const d = Date.UTC(2025, 8, 5) / 1000;
  const changes = [
    change({ a: 0, min: 0 }),
    change({ a: 3, min: 600 }),
    change({ a: 2, min: 1500 }),
    change({ a: 1, min: 2047 }),
  ];
  const p = toParsedCard(decodeDddBytes(cardOfDays({ date: d, changes }, NEXT_DAY)));
  t.same(
    p.activities
      .filter((a) => isoDay(a.date) === '2025-09-05')
      .map((a) => [a.activity, T(a.start), T(a.end), a.duration]),
    [
      ['REST', '2025-09-05T00:00:00Z', '2025-09-05T10:00:00Z', 600 * 60],
      ['DRIVING', '2025-09-05T10:00:00Z', '2025-09-06T00:00:00Z', 840 * 60],
    ],
  );
  const warnings = p.metadata.warnings.filter((w) => w.code !== 'missing_ef'); // a partial file on purpose
  t.same(
    warnings.map((w) => w.code),
    ['activity_time_out_of_range'],
  );
  t.match(warnings[0].message, /^The daily record of 2025-09-05 holds an activity change at minute 1440 or later/);
});

t.test('audit: card_number loses every blank, as query parameters do (api-contract "Card numbers")', async (t) => {
  const p = toParsedCard(decodeDddBytes(bytes(signed(0x0520, 1, identification({ cardNumber: ' d12345 6789012a' })))));
  t.equal(p.metadata.card.card_number, 'D123456789012A');
  const q = toParsedCard(decodeDddBytes(bytes(signed(0x0520, 1, identification({ cardNumber: 'd1234567890120ab' })))));
  t.equal(q.metadata.card.card_number, 'D1234567890120AB', '16 characters, upper-cased');
});
