/**
 * The vehicle report's blocks where the period holds nothing, where a download is quarantined and where the VU
 * names no registration: every section says so in words instead of an empty table.
 */
import t from 'tap';
import type { Block } from '../document/blocks.js';
import type { VehicleReportData } from '../../../core/use-cases/vehicle-report.js';
import { vehicleReportDocument } from './vehicle-report.js';
import { holderName, vehicleName } from '../../vocabulary/vehicle-words.js';

function data(over: Partial<VehicleReportData> = {}): VehicleReportData {
  return {
    vehicle: {
      vin: 'VF1AAAAAAAAAAAAA2',
      registration: null,
      vu: null,
      newest_import: { import_id: 'i' } as VehicleReportData['vehicle']['newest_import'],
      downloaded_at: null,
      next_calibration: null,
      overspeed_control: null,
      imports: 1,
    },
    due: {
      download_due_s: null,
      download_overdue: false,
      next_calibration_day: null,
      calibration_overdue: true,
      calibration_due_soon: false,
    },
    as_of_s: 0,
    imports: [],
    activities: [],
    insertions: [],
    calibrations: [],
    without_card: [],
    overspeeding: [],
    events: [],
    faults: [],
    ...over,
  };
}

const texts = (blocks: Block[]) =>
  blocks.flatMap((b) => (b.kind === 'para' || b.kind === 'heading' || b.kind === 'title' ? [b.text] : []));
const fields = (blocks: Block[]) => blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));

t.test('an empty period: each section in words', async (t) => {
  const doc = vehicleReportDocument({
    data: data(),
    date_from: '2026-03-01',
    date_to: '2026-03-31',
    time_zone: 'UTC',
    generated_at: '2026-04-01T00:00:00Z',
  });
  t.equal(doc.title, 'Vehicle report — VF1AAAAAAAAAAAAA2 — 2026-03-01 to 2026-03-31', 'no registration: the VIN');
  t.same(
    texts(doc.blocks).filter((s) => s.startsWith('No ') || s.startsWith('The vehicle unit recorded no')),
    [
      'No calibration is recorded in the stored downloads.',
      'No activity is recorded in this period.',
      'The vehicle unit recorded no driving without a card in this period.',
      'No card was inserted in this period.',
      'No overspeeding is recorded in this period.',
      'No event or fault is recorded in this period.',
    ],
  );
  t.same(fields(doc.blocks).slice(0, 7), [
    ['Registration', '(vehicle not identified)'],
    ['VIN', 'VF1AAAAAAAAAAAAA2'],
    ['Vehicle unit', '–'],
    ['Software version', '–'],
    ['Newest download', '–'],
    ['Download due', '–'],
    ['Next calibration', '– — Calibration overdue'],
  ]);
});

t.test('rows of a quarantined download are flagged at the top', async (t) => {
  const row = {
    import_id: 'q',
    vin: 'V',
    date: '2026-03-03',
    slot: 'DRIVER' as const,
    start: '2026-03-03T00:00:00Z',
    end: '2026-03-03T01:00:00Z',
    activity: 'REST' as const,
    duration: 3600,
    card_inserted: false,
    card_number: null,
    crew: false,
    quarantined: true,
  };
  const doc = vehicleReportDocument({
    data: data({ activities: [row] }),
    date_from: '2026-03-03',
    date_to: '2026-03-03',
    time_zone: 'UTC',
    generated_at: '2026-04-01T00:00:00Z',
  });
  t.match(texts(doc.blocks)[1], /quarantined download/);
});

t.test('names of vehicles and holders', async (t) => {
  t.equal(vehicleName({ nation: null, number: 'B-X 1' }, 'V'), 'B-X 1');
  t.equal(vehicleName({ nation: 'DE', number: '  ' }, 'V'), 'V');
  t.equal(vehicleName(undefined, null), '(vehicle not identified)');
  t.equal(holderName({ surname: 'Dupont', first_names: null }, 'C'), 'Dupont');
  t.equal(holderName({ surname: '', first_names: null }, 'C'), 'C');
  t.equal(holderName(null, null), 'no card');
});

t.test('driving without a card: its distance where readings bound it, a dash where none do', async (t) => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  const interval = (start: string, end: string, km: number | null) => ({
    vin: 'VF1AAAAAAAAAAAAA2',
    slot: 'DRIVER' as const,
    start: at(start),
    end: at(end),
    duration: at(end) - at(start),
    distance_km: km,
    distance_basis: null,
    insertion_before: null,
    insertion_after: null,
    quarantined: false,
  });
  const doc = vehicleReportDocument({
    data: data({
      without_card: [
        interval('2026-03-03T05:00:00Z', '2026-03-03T05:20:00Z', 14),
        interval('2026-03-04T23:30:00Z', '2026-03-05T00:40:00Z', null),
      ],
    }),
    date_from: '2026-03-01',
    date_to: '2026-03-31',
    time_zone: 'UTC',
    generated_at: '2026-04-01T00:00:00Z',
  });
  const table = doc.blocks.find((b) => b.kind === 'table' && b.header.includes('Distance (km)'));
  t.ok(table, 'the table of driving without a card has a distance column');
  const rows = table?.kind === 'table' ? table.rows : [];
  t.same(
    rows.map((r) => [r[3], r[4]]),
    [
      ['0:20', '14'],
      ['1:10', '–'],
    ],
  );
});

t.test('the proof reads a VU import’s verdict where the VU import keeps it', async (t) => {
  const imported = (id: string, over: object) =>
    ({
      import_id: id,
      file_name: `${id}.ddd`,
      imported_at: 0,
      status: 'OK',
      content_sha256: id.repeat(64).slice(0, 64),
      authenticity: null,
      ...over,
    }) as unknown as VehicleReportData['imports'][number];
  const doc = vehicleReportDocument({
    data: data({
      imports: [
        imported('v', { vehicle_unit: { authenticity: { status: 'VERIFIED' } } }),
        imported('n', { vehicle_unit: { authenticity: null } }),
        imported('c', { authenticity: { status: 'UNVERIFIED' } }),
      ],
    }),
    date_from: '2026-03-01',
    date_to: '2026-03-31',
    time_zone: 'UTC',
    generated_at: '2026-04-01T00:00:00Z',
  });
  const proof = doc.blocks.find((b) => b.kind === 'table' && b.header.includes('Authenticity'));
  t.same(proof?.kind === 'table' ? proof.rows.map((r) => [r[0], r[3]]) : [], [
    ['v.ddd', 'VERIFIED'],
    ['n.ddd', 'not checked'],
    ['c.ddd', 'UNVERIFIED'],
  ]);
});
