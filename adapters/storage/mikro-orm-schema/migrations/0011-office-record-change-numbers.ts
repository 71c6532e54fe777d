/**
 * Change numbers of the office's records (../office-records-schema.ts): the annotations and finding reviews take
 * their numbers from the one `change_counter` the imports use, so GET /changes lists every change in one order.
 * SQL from MikroORM's schema generator on a database migrated to the migration before it. The rows stored before
 * it are numbered at start (../../change-feed/change-numbers.ts numberStoredRecords).
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'alter table `annotation` add column `change_number` integer null',
  'create unique index `annotation_change_number_unique` on `annotation` (`change_number`)',
  'alter table `finding_review` add column `change_number` integer null',
  'create unique index `finding_review_change_number_unique` on `finding_review` (`change_number`)',
];

const POSTGRES = [
  'alter table "annotation" add column "change_number" int null',
  'alter table "annotation" add constraint "annotation_change_number_unique" unique ("change_number")',
  'alter table "finding_review" add column "change_number" int null',
  'alter table "finding_review" add constraint "finding_review_change_number_unique" unique ("change_number")',
];

export class OfficeRecordChangeNumbersSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class OfficeRecordChangeNumbersPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
