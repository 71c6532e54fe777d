/**
 * Change numbers and idempotency keys (../changes-schema.ts). SQL from MikroORM's schema generator on a database
 * migrated to the migration before it. The imports stored before it are numbered at start
 * (../../imports/import-changes.ts numberStoredImports), as are those of a database from before migrations.
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `change_counter` (`id` integer not null, `last` integer not null, primary key (`id`))',
  'create table `idempotency_key` (`key` text not null, `fingerprint` text not null, `status` integer null, `body` text null, `location` text null, `created_at` integer not null, primary key (`key`))',
  'create index `idempotency_key_created_at_index` on `idempotency_key` (`created_at`)',
  'alter table `imports` add column `change_number` integer null',
  'create unique index `imports_change_number_unique` on `imports` (`change_number`)',
];

const POSTGRES = [
  'create table "change_counter" ("id" int not null, "last" int not null, constraint "change_counter_pkey" primary key ("id"))',
  'create table "idempotency_key" ("key" text not null, "fingerprint" text not null, "status" int null, "body" text null, "location" text null, "created_at" bigint not null, constraint "idempotency_key_pkey" primary key ("key"))',
  'create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at")',
  'alter table "imports" add column "change_number" int null',
  'alter table "imports" add constraint "imports_change_number_unique" unique ("change_number")',
];

export class ChangeNumbersIdempotencyKeysSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class ChangeNumbersIdempotencyKeysPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
