/**
 * The first migration: every table and index of the entity schemas (schema.ts, fleet-schema.ts,
 * office-records-schema.ts) as they stood when versioned migrations began. The SQL was generated once from those
 * schemas by MikroORM's schema generator (`getCreateSchemaSQL()` on a new database of each dialect) and is kept
 * here as written, so that later changes of the schemas are new small migrations rather than edits of this one.
 * `schema-migrations.test.ts` checks that a database migrated from nothing has no difference to the entity schemas.
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `activity_day` (`import_pk` integer not null, `day` integer not null, `n` integer not null, `packed` blob not null, primary key (`import_pk`, `day`))',
  'create table `annotation` (`annotation_id` text not null, `card_number` text not null, `kind` text not null, `start_s` integer not null, `end_s` integer not null, `note` text null, `author` text not null, `created_at` integer not null, `withdrawn_at` integer null, `withdrawn_by` text null, `withdraw_reason` text null, primary key (`annotation_id`))',
  'create index `annotation_card_start_index` on `annotation` (`card_number`, `start_s`)',
  'create table `card_day` (`card_number` text not null, `day` integer not null, `import_pk` integer not null, `conflict` integer not null, primary key (`card_number`, `day`))',
  'create table `day_record` (`import_pk` integer not null, `day` integer not null, `card_number` text null, `fingerprint` text not null, `distance_km` integer not null, primary key (`import_pk`, `day`))',
  'create index `day_record_card_day_index` on `day_record` (`card_number`, `day`)',
  'create table `card_event` (`import_pk` integer not null, `seq` integer not null, `code` integer not null, `type` text null, `description` text null, `start_s` integer null, `end_s` integer null, `reg_nation` text null, `reg_number` text null, `has_reg` integer not null, primary key (`import_pk`, `seq`))',
  'create table `card_fault` (`import_pk` integer not null, `seq` integer not null, `code` integer not null, `type` text null, `description` text null, `start_s` integer null, `end_s` integer null, `reg_nation` text null, `reg_number` text null, `has_reg` integer not null, primary key (`import_pk`, `seq`))',
  'create table `finding_review` (`finding_id` text not null, `seq` integer not null, `previous_status` text not null, `status` text not null, `note` text null, `author` text not null, `at_s` integer not null, `prev_hash` text not null, `hash` text not null, primary key (`finding_id`, `seq`))',
  'create table `fleet_card` (`card_number` text not null, `record_json` text not null, `search_text` text not null, `name_key` text null, `expiry_day` integer null, `last_download_s` integer null, `f_violation` integer not null default 0, `f_potential` integer not null default 0, `f_incomplete` integer not null default 0, `f_rank` integer not null default 0, `f_unevaluated` integer not null default 0, primary key (`card_number`))',
  'create index `fleet_card_expiry_index` on `fleet_card` (`expiry_day`)',
  'create index `fleet_card_last_download_index` on `fleet_card` (`last_download_s`)',
  'CREATE INDEX IF NOT EXISTS fleet_card_due_index ON fleet_card ((CASE WHEN last_download_s IS NULL THEN 1 ELSE 0 END), last_download_s, (CASE WHEN expiry_day IS NULL THEN 1 ELSE 0 END), expiry_day, card_number)',
  'create table `import_content` (`import_pk` integer not null, `content` blob not null, `encoding` text null, primary key (`import_pk`))',
  'create table `imports` (`pk` integer not null primary key autoincrement, `import_id` text not null, `archive_id` text not null, `content_sha256` text not null, `card_number` text null, `file_name` text null, `size_bytes` integer not null, `imported_at` integer not null, `generation` text not null, `status` text not null, `activity_from` integer null, `activity_to` integer null, `activity_days` integer not null, `meta` text not null, `withdrawn_at` integer null, `withdrawal_reason` text null, `status_before_withdrawal` text null, `restored_at` integer null)',
  'create unique index `imports_import_id_unique` on `imports` (`import_id`)',
  'create unique index `imports_archive_id_unique` on `imports` (`archive_id`)',
  'create unique index `imports_content_sha256_unique` on `imports` (`content_sha256`)',
  'create index `imports_card_number_index` on `imports` (`card_number`)',
  'create index `imports_status_index` on `imports` (`status`)',
  'create index `imports_card_status_index` on `imports` (`card_number`, `status`)',
  'create table `position` (`import_pk` integer not null, `seq` integer not null, `ts_s` integer null, `latitude` double null, `longitude` double null, `source` text not null, `type` text null, `country_code` text null, `region_code` text null, `odometer_km` integer null, `gnss_accuracy` double null, primary key (`import_pk`, `seq`))',
  'create table `vehicle_used` (`import_pk` integer not null, `seq` integer not null, `reg_nation` text null, `reg_number` text null, `vin` text null, `first_s` integer null, `last_s` integer null, `odometer_begin_km` integer null, `odometer_end_km` integer null, `distance_km` integer null, `vu_data_block_counter` integer null, primary key (`import_pk`, `seq`))',
  'create index `vehicle_used_registration_index` on `vehicle_used` (`reg_number`, `reg_nation`)',
  'create index `vehicle_used_vin_index` on `vehicle_used` (`vin`)',
];

const POSTGRES = [
  'create table "activity_day" ("import_pk" int not null, "day" int not null, "n" int not null, "packed" bytea not null, constraint "activity_day_pkey" primary key ("import_pk", "day"))',
  'create table "annotation" ("annotation_id" text not null, "card_number" text not null, "kind" text not null, "start_s" bigint not null, "end_s" bigint not null, "note" text null, "author" text not null, "created_at" bigint not null, "withdrawn_at" bigint null, "withdrawn_by" text null, "withdraw_reason" text null, constraint "annotation_pkey" primary key ("annotation_id"))',
  'create index "annotation_card_start_index" on "annotation" ("card_number", "start_s")',
  'create table "card_day" ("card_number" text not null, "day" int not null, "import_pk" int not null, "conflict" int not null, constraint "card_day_pkey" primary key ("card_number", "day"))',
  'create table "day_record" ("import_pk" int not null, "day" int not null, "card_number" text null, "fingerprint" text not null, "distance_km" int not null, constraint "day_record_pkey" primary key ("import_pk", "day"))',
  'create index "day_record_card_day_index" on "day_record" ("card_number", "day")',
  'create table "card_event" ("import_pk" int not null, "seq" int not null, "code" int not null, "type" text null, "description" text null, "start_s" bigint null, "end_s" bigint null, "reg_nation" text null, "reg_number" text null, "has_reg" int not null, constraint "card_event_pkey" primary key ("import_pk", "seq"))',
  'create table "card_fault" ("import_pk" int not null, "seq" int not null, "code" int not null, "type" text null, "description" text null, "start_s" bigint null, "end_s" bigint null, "reg_nation" text null, "reg_number" text null, "has_reg" int not null, constraint "card_fault_pkey" primary key ("import_pk", "seq"))',
  'create table "finding_review" ("finding_id" text not null, "seq" int not null, "previous_status" text not null, "status" text not null, "note" text null, "author" text not null, "at_s" bigint not null, "prev_hash" text not null, "hash" text not null, constraint "finding_review_pkey" primary key ("finding_id", "seq"))',
  'create table "fleet_card" ("card_number" text not null, "record_json" text not null, "search_text" text not null, "name_key" text null, "expiry_day" int null, "last_download_s" bigint null, "f_violation" int not null default 0, "f_potential" int not null default 0, "f_incomplete" int not null default 0, "f_rank" int not null default 0, "f_unevaluated" int not null default 0, constraint "fleet_card_pkey" primary key ("card_number"))',
  'create index "fleet_card_expiry_index" on "fleet_card" ("expiry_day")',
  'create index "fleet_card_last_download_index" on "fleet_card" ("last_download_s")',
  'CREATE INDEX IF NOT EXISTS fleet_card_due_index ON fleet_card ((CASE WHEN last_download_s IS NULL THEN 1 ELSE 0 END), last_download_s, (CASE WHEN expiry_day IS NULL THEN 1 ELSE 0 END), expiry_day, card_number)',
  'create table "import_content" ("import_pk" int not null, "content" bytea not null, "encoding" text null, constraint "import_content_pkey" primary key ("import_pk"))',
  'create table "imports" ("pk" serial primary key, "import_id" text not null, "archive_id" text not null, "content_sha256" text not null, "card_number" text null, "file_name" text null, "size_bytes" int not null, "imported_at" bigint not null, "generation" text not null, "status" text not null, "activity_from" int null, "activity_to" int null, "activity_days" int not null, "meta" text not null, "withdrawn_at" bigint null, "withdrawal_reason" text null, "status_before_withdrawal" text null, "restored_at" bigint null)',
  'alter table "imports" add constraint "imports_import_id_unique" unique ("import_id")',
  'alter table "imports" add constraint "imports_archive_id_unique" unique ("archive_id")',
  'alter table "imports" add constraint "imports_content_sha256_unique" unique ("content_sha256")',
  'create index "imports_card_number_index" on "imports" ("card_number")',
  'create index "imports_status_index" on "imports" ("status")',
  'create index "imports_card_status_index" on "imports" ("card_number", "status")',
  'create table "position" ("import_pk" int not null, "seq" int not null, "ts_s" bigint null, "latitude" double precision null, "longitude" double precision null, "source" text not null, "type" text null, "country_code" text null, "region_code" text null, "odometer_km" int null, "gnss_accuracy" double precision null, constraint "position_pkey" primary key ("import_pk", "seq"))',
  'create table "vehicle_used" ("import_pk" int not null, "seq" int not null, "reg_nation" text null, "reg_number" text null, "vin" text null, "first_s" bigint null, "last_s" bigint null, "odometer_begin_km" int null, "odometer_end_km" int null, "distance_km" int null, "vu_data_block_counter" int null, constraint "vehicle_used_pkey" primary key ("import_pk", "seq"))',
  'create index "vehicle_used_registration_index" on "vehicle_used" ("reg_number", "reg_nation")',
  'create index "vehicle_used_vin_index" on "vehicle_used" ("vin")',
];

/** SQLite: MikroORM's default column types (text, integer, blob, double). */
export class InitialSchemaSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

/** PostgreSQL: epoch seconds as bigint, strings as text, bytes as bytea (dialect.ts `columnTypes`). */
export class InitialSchemaPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
