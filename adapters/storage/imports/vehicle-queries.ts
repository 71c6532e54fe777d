/**
 * The vehicle queries across cards: one vehicle's rows of every card (read through `vehicle_used_registration_index`
 * or `vehicle_used_vin_index`, never a scan of the table) and the page of distinct registrations.
 */
import type { Slice, StoredVehicleUse, VehicleKey } from '../../../core/ports/import-store.js';
import type { VehicleRegistration } from '../../../core/domain/rows.js';
import type { Page } from '../../../core/use-cases/contracts.js';
import type { SqlValue } from '../database/dialect.js';
import { IMPORT_JOIN_COLUMNS, vehicleFromRaw } from './row-mappers.js';
import type { Database } from '../database/database.js';

export async function vehicleUses(db: Database, key: VehicleKey): Promise<StoredVehicleUse[]> {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (key.kind === 'vin') {
    where.push('t.vin = ?');
    params.push(key.value);
  } else {
    where.push('t.reg_number = ?');
    params.push(key.number);
    if (key.nation !== null) {
      where.push('t.reg_nation = ?');
      params.push(key.nation);
    }
  }
  const rows = await db.query(
    `SELECT t.*, ${IMPORT_JOIN_COLUMNS}, i.pk AS i_pk FROM vehicle_used t JOIN imports i ON i.pk = t.import_pk
      WHERE ${where.join(' AND ')} ORDER BY t.first_s, i.pk, t.seq`,
    params,
  );
  return rows.map((raw) => ({
    ...vehicleFromRaw(raw),
    quarantined: raw.i_status === 'QUARANTINED',
    import_id: raw.i_import_id,
    sequence: Number(raw.i_pk),
  }));
}

export async function vehicleList(db: Database, page: Page): Promise<Slice<VehicleRegistration>> {
  const distinct = 'SELECT DISTINCT reg_number, reg_nation FROM vehicle_used';
  const rows = await db.query(
    `SELECT reg_number, reg_nation FROM (${distinct}) v
      ORDER BY reg_number${db.dialect.nullsFirst}, reg_nation${db.dialect.nullsFirst} LIMIT ? OFFSET ?`,
    [page.limit, page.offset],
  );
  const total = Number((await db.query(`SELECT COUNT(*) AS n FROM (${distinct}) v`))[0]!.n);
  return { items: rows.map((r) => ({ nation: r.reg_nation, number: r.reg_number })), total };
}
