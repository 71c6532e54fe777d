/**
 * The storage port's contract for the rows of a card beside its activities (events, faults, vehicles used,
 * positions): read by import with a range, or by card with the versions of overlapping imports de-duplicated. Part
 * of ./storage-port.suite.ts, which runs it on every adapter.
 */
import { newImport, type WithStore } from './new-import.js';
import { buildParsedCard, range } from '../core/use-cases/testing/parsed-card-builder.js';
import { isoTimestampOrNull } from '../core/time.js';
import { eventFaultToResponse, positionToResponse, vehicleUsedToResponse } from '../adapters/http/mappers.js';

const ALL = { limit: 5000, offset: 0 };
const OPEN = { from: null, to: null };

export function storedRowsCases(withStore: WithStore): void {
  withStore(
    'events, faults, vehicles, positions: import scope with range; card scope de-duplicates',
    async (t, store) => {
      const event = (start: string, end: string | null, code = 5) => ({
        code,
        start,
        end,
        vehicle_registration: { nation: 'FI', number: 'TEST-VRN' },
      });
      // the same fault and vehicle in both imports: stored once (newest copy)
      const fault = { code: 1, start: '2026-03-02T23:50:00Z', end: '2026-03-03T00:10:00Z' };
      const vehicle = {
        first_use: '2026-03-01T06:00:00Z',
        last_use: '2026-03-02T18:00:00Z',
        odometer_begin_km: 1000,
        odometer_end_km: 1800,
        distance_km: 800,
        vu_data_block_counter: 12,
      };
      const oldCard = buildParsedCard({
        events: [
          event('2026-03-01T10:00:00Z', '2026-03-01T10:30:00Z'),
          event('2026-03-05T10:00:00Z', '2026-03-05T11:00:00Z', 7),
        ],
        faults: [fault],
        vehicles: [vehicle],
        positions: [
          { timestamp: '2026-03-01T06:00:00Z', latitude: 60.1, longitude: 24.9, odometer_km: 1000 },
          { timestamp: '2026-03-02T18:00:00Z', type: 'END', odometer_km: 1800 },
        ],
      });
      const newCard = buildParsedCard({
        events: [
          event('2026-03-01T10:00:00Z', '2026-03-01T10:30:00Z'),
          event('2026-03-08T10:00:00Z', null),
          event('2026-03-08T10:00:00Z', null),
          { code: 0x99, type: null, description: null },
        ],
        faults: [fault],
        vehicles: [vehicle],
        positions: [{ timestamp: '2026-03-02T18:00:00Z', type: 'END', odometer_km: 1800 }],
      });
      const older = newImport(oldCard);
      const newer = newImport(newCard, { status: 'QUARANTINED' });
      await store.saveImport(older);
      await store.saveImport(newer);
      const card = { kind: 'card', card_number: 'DRIVER0000000100', range: OPEN } as const;

      const events = await store.events(card, null);
      t.same(
        events.items.map((e) => [isoTimestampOrNull(e.start), e.code, e.import_id, e.quarantined]),
        [
          [null, 0x99, newer.import.import_id, true],
          ['2026-03-01T10:00:00Z', 5, newer.import.import_id, true],
          ['2026-03-05T10:00:00Z', 7, older.import.import_id, false],
          ['2026-03-08T10:00:00Z', 5, newer.import.import_id, true],
          ['2026-03-08T10:00:00Z', 5, newer.import.import_id, true],
        ],
        'identical rows of several imports once (newest copy); repeats inside one import kept',
      );
      t.strictSame(eventFaultToResponse(events.items[2]!), {
        import_id: older.import.import_id,
        card_number: 'DRIVER0000000100',
        code: 7,
        type: 'POWER_SUPPLY_INTERRUPTION',
        description: 'Power supply interruption',
        start: '2026-03-05T10:00:00Z',
        end: '2026-03-05T11:00:00Z',
        vehicle_registration: { nation: 'FI', number: 'TEST-VRN' },
        quarantined: false,
      });
      t.equal(events.items[0]!.vehicle_registration, null);
      const page = await store.events(card, { limit: 2, offset: 2 });
      t.equal(page.total, 5);
      t.same(page.items, events.items.slice(2, 4));

      const ranged = await store.events({ ...card, range: range('2026-03-02', '2026-03-07') }, null);
      t.same(
        ranged.items.map((e) => e.code),
        [7],
        'range excludes rows without a start and outside rows',
      );
      const oneImport = await store.events(
        { kind: 'import', import_id: older.import.import_id, range: range('2026-03-01', '2026-03-01') },
        null,
      );
      t.same(
        oneImport.items.map((e) => [e.code, e.import_id]),
        [[5, older.import.import_id]],
      );

      const faults = await store.faults({ ...card, range: range('2026-03-03', '2026-03-03') }, null);
      t.same(
        faults.items.map((f) => [f.code, isoTimestampOrNull(f.start), f.import_id]),
        [[1, '2026-03-02T23:50:00Z', newer.import.import_id]],
        'overlap counts',
      );

      const vehicles = await store.vehiclesUsed(card, null);
      t.equal(vehicles.total, 1);
      t.strictSame(vehicleUsedToResponse(vehicles.items[0]!), {
        import_id: newer.import.import_id,
        card_number: 'DRIVER0000000100',
        registration: { nation: 'FI', number: 'ABC-123' },
        vin: null,
        ...vehicle,
        quarantined: true,
      });
      t.equal((await store.vehiclesUsed({ ...card, range: range('2026-03-03', null) }, null)).total, 0);

      const positions = await store.positions(card, null);
      t.same(
        positions.items.map((p) => [isoTimestampOrNull(p.timestamp), p.import_id]),
        [
          ['2026-03-01T06:00:00Z', older.import.import_id],
          ['2026-03-02T18:00:00Z', newer.import.import_id],
        ],
      );
      t.strictSame(positionToResponse(positions.items[0]!), {
        import_id: older.import.import_id,
        card_number: 'DRIVER0000000100',
        timestamp: '2026-03-01T06:00:00Z',
        latitude: 60.1,
        longitude: 24.9,
        source: 'PLACE',
        type: 'BEGIN',
        country_code: 'FI',
        region_code: null,
        odometer_km: 1000,
        gnss_accuracy: null,
        quarantined: false,
      });
      const posRange = await store.positions(
        { kind: 'import', import_id: older.import.import_id, range: range('2026-03-02', '2026-03-02') },
        null,
      );
      t.same(
        posRange.items.map((p) => isoTimestampOrNull(p.timestamp)),
        ['2026-03-02T18:00:00Z'],
      );
      t.same(await store.positions({ kind: 'card', card_number: 'NOBODY', range: OPEN }, ALL), { items: [], total: 0 });
    },
  );
}
