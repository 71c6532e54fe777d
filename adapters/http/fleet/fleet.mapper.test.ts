/**
 * FleetListWriter writes the same bytes as JSON.stringify(fleetListJson(…)), whichever value of a row
 * changed since its pieces were kept: each field of the row is changed in turn (the field list is the row's
 * own keys, so a field added to FleetRow later is changed here too and must be handled by the writer).
 */
import t from 'tap';
import type { FleetRow } from '../../../core/fleet/fleet-card.js';
import type { ListResult } from '../../../core/use-cases/contracts.js';
import { FleetListWriter, fleetListJson, fleetRowJson } from './fleet.mapper.js';
import { FULL_FLEET_ROW } from '../testing/fleet-row.js';

const base: FleetRow = FULL_FLEET_ROW;

/** A different value of the same kind for a field (null for a nullable one that has a value). */
function changed(key: keyof FleetRow, value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (key === 'last_download_source') return 'ACTIVITY_END';
  if (key === 'authenticity_status') return 'INVALID';
  if (key === 'findings_4w_not_evaluated_reason') return 'conflicting_data';
  if (key === 'findings_4w_most_serious') return 'MI';
  if (typeof value === 'string') return key === 'card_number' ? value : `${value} 2`;
  return value;
}

const list = (items: FleetRow[], fields: Partial<ListResult<FleetRow>> = {}): ListResult<FleetRow> => ({
  items,
  total: items.length,
  limit: 500,
  offset: 0,
  conflicts: [],
  ...fields,
});

t.test('every changed field is written anew; the text equals JSON.stringify of the mapped row', async (t) => {
  const writer = new FleetListWriter();
  t.equal(writer.rowText(base), JSON.stringify(fleetRowJson(base)), 'first write');
  t.equal(writer.rowText(base), JSON.stringify(fleetRowJson(base)), 'from the kept pieces');
  for (const key of Object.keys(base) as (keyof FleetRow)[]) {
    if (key === 'card_number') continue;
    const variant = { ...base, [key]: changed(key, base[key]) } as FleetRow;
    t.equal(writer.rowText(variant), JSON.stringify(fleetRowJson(variant)), `${key} changed`);
    t.equal(writer.rowText(base), JSON.stringify(fleetRowJson(base)), `${key} back`);
  }
  for (const key of Object.keys(base.findings_4w) as (keyof FleetRow['findings_4w'])[]) {
    const variant = { ...base, findings_4w: { ...base.findings_4w, [key]: base.findings_4w[key] + 5 } };
    t.equal(writer.rowText(variant), JSON.stringify(fleetRowJson(variant)), `findings ${key} changed`);
  }
  const nulls: FleetRow = {
    ...base,
    surname: null,
    first_names: null,
    issuing_member_state: null,
    expiry_day: null,
    expiry_days_left: null,
    last_download_s: null,
    last_download_source: null,
    next_download_due_s: null,
    download_days_left: null,
    authenticity_status: null,
  };
  t.equal(writer.rowText(nulls), JSON.stringify(fleetRowJson(nulls)), 'unknown values are null');
  t.equal(
    writer.rowText({ ...nulls, expiry_days_left: -3, download_days_left: -40, overdue: true }),
    JSON.stringify(fleetRowJson({ ...nulls, expiry_days_left: -3, download_days_left: -40, overdue: true })),
  );
});

t.test('the list envelope equals JSON.stringify(fleetListJson(…)) byte for byte', async (t) => {
  const writer = new FleetListWriter();
  const rows = Array.from({ length: 5 }, (_, i) => ({
    ...base,
    card_number: `C${i}`,
    imports: i,
    expiry_days_left: i - 2,
  }));
  const result = list(rows, { total: 12, limit: 5, offset: 5 });
  t.equal(writer.listText(result), JSON.stringify(fleetListJson(result)));
  t.equal(writer.listText(result), JSON.stringify(fleetListJson(result)), 'again, from the kept pieces');
  t.equal(writer.listText(list([])), JSON.stringify(fleetListJson(list([]))), 'an empty page');
  t.same(JSON.parse(writer.listText(result)), fleetListJson(result), 'and it parses to the mapped list');
});

t.test('the pieces kept are bounded by a number of cards', async (t) => {
  const writer = new FleetListWriter(2);
  for (const card of ['A', 'B']) writer.rowText({ ...base, card_number: card });
  t.equal(writer.size, 2);
  writer.rowText({ ...base, card_number: 'A', imports: 9 });
  t.equal(writer.size, 2, 'a known card replaces its pieces');
  t.equal(writer.rowText({ ...base, card_number: 'C' }), JSON.stringify(fleetRowJson({ ...base, card_number: 'C' })));
  t.equal(writer.size, 1, 'a card past the bound drops the others');
});
