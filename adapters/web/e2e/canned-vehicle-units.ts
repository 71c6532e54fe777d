/**
 * Canned answers of the vehicle-unit routes for the browser tests (names of api-contract.md "Vehicle-unit
 * downloads" and of the fleet-of-vehicles row): two vehicles as of the canned clock (2026-03-10) — B-TR 4711,
 * downloaded 2026-03-03 15:00 UTC, its calibration due 2026-04-01 (within 30 days), driven 05:00–05:20 UTC on
 * 2026-03-03 with no card in the driver slot, card A (Müller) and card B (Dupont) in the two slots; and M-XY 99,
 * whose download of 2025-12-01 is overdue.
 */
export const VU_VIN = 'WDB9634031L123456';
const OTHER_VIN = 'VF1AAAAAAAAAAAAA2';
const CARD_A = 'DF00000123456001';
const CARD_B = 'F1234567890ABC00';

export const VEHICLE_UNITS = [
  {
    vin: VU_VIN,
    registration: { nation: 'DE', number: 'B-TR 4711' },
    vu: {
      manufacturer_name: 'Continental Automotive',
      part_number: '1381',
      serial_number: 12345678,
      software_version: '0304',
    },
    newest_download: {
      import_id: 'vu-import',
      downloaded_at: '2026-03-03T15:00:00Z',
      status: 'OK',
      authenticity: 'VERIFIED',
    },
    download_due: '2026-06-01T15:00:00Z',
    download_overdue: false,
    next_calibration_date: '2026-04-01',
    calibration_overdue: false,
    calibration_due_soon: true,
  },
  {
    vin: OTHER_VIN,
    registration: { nation: 'DE', number: 'M-XY 99' },
    vu: null,
    newest_download: {
      import_id: 'vu-import',
      downloaded_at: '2025-12-01T10:00:00Z',
      status: 'OK',
      authenticity: 'VERIFIED',
    },
    download_due: '2026-03-01T10:00:00Z',
    download_overdue: true,
    next_calibration_date: '2027-01-01',
    calibration_overdue: false,
    calibration_due_soon: false,
  },
];

/** The today counts of these vehicles. */
export const VU_TODAY = {
  vehicle_units: 2,
  vu_downloads_overdue: 1,
  calibrations_due_30d: 1,
  driving_without_card_4w: 1,
};

/** [slot, start, end, activity, card] of 2026-03-03, UTC clock times */
const DAY: Array<[string, string, string, string, string | null]> = [
  ['DRIVER', '00:00', '04:30', 'REST', CARD_A],
  ['DRIVER', '04:30', '05:00', 'REST', null],
  ['DRIVER', '05:00', '05:20', 'DRIVING', null],
  ['DRIVER', '05:20', '06:00', 'REST', null],
  ['DRIVER', '06:00', '10:00', 'DRIVING', CARD_A],
  ['DRIVER', '10:00', '15:00', 'REST', CARD_A],
  ['CO_DRIVER', '00:00', '06:00', 'REST', null],
  ['CO_DRIVER', '06:00', '14:00', 'AVAILABILITY', CARD_B],
  ['CO_DRIVER', '14:00', '15:00', 'REST', null],
];

const at = (clock: string) => `2026-03-03T${clock}:00Z`;
const ACTIVITIES = DAY.map(([slot, start, end, activity, card]) => ({
  import_id: 'vu-1',
  vin: VU_VIN,
  date: '2026-03-03',
  slot,
  start: at(start),
  end: at(end),
  activity,
  duration: (Date.parse(at(end)) - Date.parse(at(start))) / 1000,
  card_inserted: card !== null,
  card_number: card,
  crew: false,
}));

const insertion = (card: string, surname: string, first: string, slot: string) => ({
  import_id: 'vu-1',
  vin: VU_VIN,
  card_number: card,
  holder: { surname, first_names: first },
  slot,
});
const INSERTIONS = [
  insertion(CARD_A, 'Müller', 'Jürgen Karl', 'DRIVER'),
  insertion(CARD_B, 'Dupont', 'Marie', 'CO_DRIVER'),
];
const OVERSPEEDING = [
  {
    import_id: 'vu-1',
    vin: VU_VIN,
    start: at('08:00'),
    end: at('08:02'),
    max_speed_kmh: 98,
    average_speed_kmh: 93,
    card_number: CARD_A,
    similar_events: 1,
  },
];
const WITHOUT_CARD = [
  {
    vin: VU_VIN,
    registration: { nation: 'DE', number: 'B-TR 4711' },
    slot: 'DRIVER',
    start: at('05:00'),
    end: at('05:20'),
    duration: 1200,
    distance_km: 20,
  },
];

const list = <T>(rows: T[]) => ({ items: rows, total: rows.length, limit: 5000, offset: 0 });

/** Rows of a VIN whose day (or start) lies in date_from..date_to (absent ends: open). */
function selected<T extends { vin: string; start?: string | null; date?: string }>(rows: T[], q: URLSearchParams) {
  const from = q.get('date_from') ?? '0000-00-00';
  const to = q.get('date_to') ?? '9999-99-99';
  const vin = q.get('vin');
  return rows.filter((r) => {
    const day = r.date ?? r.start?.slice(0, 10) ?? '';
    return (vin === null || r.vin === vin) && day >= from && day <= to;
  });
}

/** The answer of a vehicle-unit route (a list envelope), or null when the path is none of them. */
export function vehicleUnitAnswer(pathname: string, q: URLSearchParams): unknown {
  switch (pathname) {
    case '/api/drivercard/vehicle-units':
      return list(VEHICLE_UNITS);
    case '/api/drivercard/vehicle-units/activities':
      return list(selected(ACTIVITIES, q));
    case '/api/drivercard/vehicle-units/card-insertions':
      return list(INSERTIONS.filter((i) => q.get('vin') === null || i.vin === q.get('vin')));
    case '/api/drivercard/vehicle-units/overspeeding':
      return list(selected(OVERSPEEDING, q));
    case '/api/drivercard/vehicle-units/driving-without-card':
      return list(selected(WITHOUT_CARD, q));
    default:
      return null;
  }
}
