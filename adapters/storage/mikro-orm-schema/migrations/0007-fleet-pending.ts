/**
 * The fleet rows still to be computed after an import (../fleet-pending-schema.ts). SQL from MikroORM's schema
 * generator on a database migrated to the migration before it. A database from before it has no marks: its fleet
 * rows were computed within each import's answer (and a row that lags is rebuilt at start, cardsToRefresh).
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `fleet_pending` (`import_pk` integer not null, `card_number` text not null, `card_download_s` integer null, primary key (`import_pk`))',
  'create index `fleet_pending_card_index` on `fleet_pending` (`card_number`)',
];

const POSTGRES = [
  'create table "fleet_pending" ("import_pk" int not null, "card_number" text not null, "card_download_s" bigint null, constraint "fleet_pending_pkey" primary key ("import_pk"))',
  'create index "fleet_pending_card_index" on "fleet_pending" ("card_number")',
];

export class FleetPendingSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class FleetPendingPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
