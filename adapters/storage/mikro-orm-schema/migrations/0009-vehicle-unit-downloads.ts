/**
 * Vehicle-unit downloads (docs/vehicle-units.md): each import's `kind` (every import stored before is a driver
 * card's), the vehicle's columns of a VU import (VIN, registration, the VU's clock at the download) with an index on
 * the VIN, and the VU's rows (../vu-row-schema.ts). SQL from MikroORM's schema generator on a database migrated to
 * the migration before it.
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `vu_row` (`import_pk` integer not null, `row_kind` text not null, `seq` integer not null, `vin` text not null, `day` integer null, `start_s` integer null, `ident` text not null, `body` text not null, primary key (`import_pk`, `row_kind`, `seq`))',
  'create index `vu_row_vin_kind_day_index` on `vu_row` (`vin`, `row_kind`, `day`)',
  "alter table `imports` add column `kind` text not null default 'DRIVER_CARD'",
  'alter table `imports` add column `vin` text null',
  'alter table `imports` add column `reg_nation` text null',
  'alter table `imports` add column `reg_number` text null',
  'alter table `imports` add column `downloaded_at` integer null',
  'create index `imports_vin_index` on `imports` (`vin`)',
];

const POSTGRES = [
  'create table "vu_row" ("import_pk" int not null, "row_kind" text not null, "seq" int not null, "vin" text not null, "day" int null, "start_s" bigint null, "ident" text not null, "body" text not null, constraint "vu_row_pkey" primary key ("import_pk", "row_kind", "seq"))',
  'create index "vu_row_vin_kind_day_index" on "vu_row" ("vin", "row_kind", "day")',
  'alter table "imports" add column "kind" text not null default \'DRIVER_CARD\', add column "vin" text null, add column "reg_nation" text null, add column "reg_number" text null, add column "downloaded_at" bigint null',
  'create index "imports_vin_index" on "imports" ("vin")',
];

export class VehicleUnitDownloadsSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class VehicleUnitDownloadsPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
