/**
 * The contract's VU rows from our own VU files of every generation (fixtures/scenarios/vu-scenarios.ts, encoded
 * by fixtures/encoder/vu/), checked against what the scenario's description says by hand — never against decoder
 * output: the two days, the insertion across midnight listed once, driving without a card, both slots with a crew,
 * the card still inserted at the download (so the newest day ends at 15:00, the VU's clock).
 */
import t from 'tap';
import { decodeVuBytes } from '../decoder/vu/decode-vu.js';
import { encodeVu } from '../../fixtures/encoder/vu/encode-vu.js';
import { CARD_A, CARD_B, vuFixtures } from '../../fixtures/scenarios/vu-scenarios.js';
import { vuRows } from './vu-download.js';

const A = CARD_A.number;
const B = CARD_B.number;
const VIN = 'WDB9634031L123456';

/** [date, slot, start, end, activity, card_inserted, card_number, crew]; times HH:MM of the date, 24:00 the next day */
type Interval = [string, 'DRIVER' | 'CO_DRIVER', string, string, string, boolean, string | null, boolean];
const D2 = '2026-03-02';
const D3 = '2026-03-03';
const INTERVALS: Interval[] = [
  [D2, 'DRIVER', '00:00', '20:00', 'REST', false, null, false],
  [D2, 'DRIVER', '20:00', '20:30', 'WORK', true, A, false],
  [D2, 'DRIVER', '20:30', '23:10', 'DRIVING', true, A, false],
  [D2, 'DRIVER', '23:10', '24:00', 'REST', true, A, false],
  [D2, 'CO_DRIVER', '00:00', '24:00', 'REST', false, null, false],
  [D3, 'DRIVER', '00:00', '01:00', 'REST', true, A, false],
  [D3, 'DRIVER', '01:00', '04:00', 'DRIVING', true, A, false],
  [D3, 'DRIVER', '04:00', '04:30', 'REST', true, A, false],
  [D3, 'DRIVER', '04:30', '05:00', 'REST', false, null, false],
  // driving without a card: the VU keeps the activity it recorded
  [D3, 'DRIVER', '05:00', '05:20', 'DRIVING', false, null, false],
  [D3, 'DRIVER', '05:20', '06:00', 'REST', false, null, false],
  [D3, 'DRIVER', '06:00', '06:20', 'WORK', true, A, true],
  [D3, 'DRIVER', '06:20', '10:00', 'DRIVING', true, A, true],
  [D3, 'DRIVER', '10:00', '10:45', 'REST', true, A, true],
  [D3, 'DRIVER', '10:45', '14:00', 'DRIVING', true, A, true],
  // the newest day ends at the download (15:00)
  [D3, 'DRIVER', '14:00', '15:00', 'DRIVING', true, A, false],
  [D3, 'CO_DRIVER', '00:00', '06:00', 'REST', false, null, false],
  [D3, 'CO_DRIVER', '06:00', '14:00', 'AVAILABILITY', true, B, true],
  [D3, 'CO_DRIVER', '14:00', '15:00', 'REST', false, null, false],
];

const at = (date: string, hhmm: string): string =>
  hhmm === '24:00' ? `${date === D2 ? D3 : '2026-03-04'}T00:00:00Z` : `${date}T${hhmm}:00Z`;
const minutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

const insertion = {
  import_id: null,
  vin: VIN,
  holder: { surname: 'Müller', first_names: 'Jürgen Karl' },
  card_expiry_date: '2030-01-19',
  card_number: A,
  slot: 'DRIVER',
};

for (const f of vuFixtures()) {
  t.test(`${f.name}: the scenario's rows`, async (t) => {
    const gen = f.scenario.generation;
    const rows = vuRows(decodeVuBytes(encodeVu(f.scenario).bytes));
    const nation = gen === 'GEN1' ? 'DE' : null; // gen2 files here send the registration without nation
    t.match(rows.import, {
      kind: 'VEHICLE_UNIT',
      generation: gen,
      card: null,
      driver: null,
      vehicle: { vin: VIN, registration: { nation, number: 'B-TR 4711' } },
      downloaded_at: '2026-03-03T15:00:00Z',
      previous_download: {
        at: '2025-12-05T09:00:00Z',
        card_number: 'DC00000555555001',
        company_or_workshop: 'Spedition Beispiel GmbH',
      },
      data_range: { from: '2026-03-02T20:00:00Z', to: '2026-03-03T15:00:00Z' },
      vu: {
        manufacturer_name: 'Continental Automotive',
        part_number: '1381.2001234567',
        serial_number: 12_345_678,
        software_version: '0304',
      },
      activity_range: { from: D2, to: D3, days: 2 },
      overspeed_control: {
        last_control_at: '2026-02-20T10:00:00Z',
        first_overspeed_since: '2026-03-03T11:00:00Z',
        overspeed_events_since: 1,
      },
      authenticity: null,
    });
    const base = { GEN1: 0x00, GEN2: 0x20, GEN2V2: 0x30 }[gen];
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    const treps = [base + 1, base + 2, base + 3, gen === 'GEN1' ? 4 : 0x24, base + 5].map(hex).sort();
    t.same(rows.import.trep, gen === 'GEN1' ? [...treps, '06'] : treps, 'the TREPs present, 06 for the card download');

    t.same(
      rows.vu_activities.map((r) => [
        r.date,
        r.slot,
        r.start,
        r.end,
        r.activity,
        r.card_inserted,
        r.card_number,
        r.crew,
      ]),
      INTERVALS.map(([d, slot, s, e, ...rest]) => [d, slot, at(d, s), at(d, e), ...rest]),
    );
    t.same(
      rows.vu_activities.map((r) => r.duration),
      INTERVALS.map(([, , s, e]) => (minutes(e) - minutes(s)) * 60),
      'durations in seconds',
    );
    t.ok(rows.vu_activities.every((r) => r.vin === VIN && r.import_id === null));

    t.same(rows.card_insertions, [
      {
        ...insertion,
        inserted_at: '2026-03-02T20:00:00Z',
        withdrawn_at: '2026-03-03T04:30:00Z',
        odometer_at_insertion_km: 120_000,
        odometer_at_withdrawal_km: 120_310,
        previous_vehicle: { registration: { nation: 'FR', number: 'AB-123-CD' }, withdrawn_at: '2026-03-01T18:00:00Z' },
        manual_input: false,
      },
      {
        ...insertion,
        inserted_at: '2026-03-03T06:00:00Z',
        withdrawn_at: null,
        odometer_at_insertion_km: 120_330,
        odometer_at_withdrawal_km: null,
        previous_vehicle: null,
        manual_input: true,
      },
      {
        ...insertion,
        holder: { surname: 'Dupont', first_names: 'Marie' },
        card_expiry_date: '2028-06-30',
        card_number: B,
        slot: 'CO_DRIVER',
        inserted_at: '2026-03-03T06:00:00Z',
        withdrawn_at: '2026-03-03T14:00:00Z',
        odometer_at_insertion_km: 120_330,
        odometer_at_withdrawal_km: 120_700,
        previous_vehicle: null,
        manual_input: false,
      },
    ]);

    t.match(rows.vu_events, [
      { code: 0x04, start: '2026-03-03T05:00:00Z', end: '2026-03-03T05:20:00Z', card_numbers: [], similar_events: 1 },
    ]);
    t.equal(rows.vu_events.length, 1);
    t.match(rows.vu_faults, [
      {
        code: 0x30,
        start: '2026-03-02T21:00:00Z',
        end: '2026-03-02T21:05:00Z',
        card_numbers: [A],
        similar_events: null,
      },
    ]);
    t.equal(rows.vu_faults.length, 1);
    t.same(rows.overspeeding, [
      {
        import_id: null,
        vin: VIN,
        start: '2026-03-03T11:00:00Z',
        end: '2026-03-03T11:02:00Z',
        max_speed_kmh: 98,
        average_speed_kmh: 93,
        card_number: A,
        similar_events: 2,
      },
    ]);
    t.match(rows.calibrations, [
      {
        import_id: null,
        vin: VIN,
        purpose: { code: 3, name: 'INSTALLATION' },
        workshop: { name: 'Werkstatt Nord', card_number: 'DW00000987654001' },
        at: '2024-04-10T08:00:00Z',
        registration: { nation: 'DE', number: 'B-TR 4711' },
        w: 8000,
        k: 8000,
        l: 3200,
        tyre_size: '315/70 R22.5',
        authorised_speed_kmh: 90,
        odometer_old_km: 100_000,
        odometer_new_km: 100_000,
        next_calibration_date: '2026-04-10',
      },
    ]);
    t.equal(rows.calibrations.length, 1);
    const place = { import_id: null, vin: VIN, latitude: null, longitude: null, source: 'PLACE', country_code: 'DE' };
    const places = [
      { ...place, timestamp: '2026-03-02T20:00:00Z', type: 'BEGIN', odometer_km: 120_000, card_number: A },
      { ...place, timestamp: '2026-03-03T04:30:00Z', type: 'END', odometer_km: 120_310, card_number: A },
    ];
    const gnss = {
      import_id: null,
      vin: VIN,
      timestamp: '2026-03-03T09:00:00Z',
      latitude: 52.5,
      longitude: 13.4,
      source: 'GNSS_ACCUMULATED_DRIVING',
      type: null,
      country_code: null,
      odometer_km: 120_500,
      card_number: null,
    };
    // gen1 VUs record no GNSS positions
    t.same(rows.vu_positions, gen === 'GEN1' ? places : [...places, gnss]);
  });
}
