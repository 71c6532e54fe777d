/**
 * The today view's kept open findings (../open-findings-schema.ts): one row per card with its data generation and
 * the inputs of the kept finding_ids, and the ids themselves. SQL from MikroORM's schema generator on a database
 * migrated to the migration before it.
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `open_findings_card` (`card_number` text not null, `generation` integer not null, `token` text null, `kept_generation` integer null, `kept_total` integer null, `rules` text null, `from_day` integer null, `to_day` integer null, `annotations` integer null, `withdrawn_annotations` integer null, `establishment` text null, `residence` text null, primary key (`card_number`))',
  'create table `open_finding_id` (`card_number` text not null, `token` text not null, `finding_id` text not null, primary key (`card_number`, `token`, `finding_id`))',
  'create index `open_finding_id_finding_index` on `open_finding_id` (`finding_id`)',
];

const POSTGRES = [
  'create table "open_findings_card" ("card_number" text not null, "generation" int not null, "token" text null, "kept_generation" int null, "kept_total" int null, "rules" text null, "from_day" int null, "to_day" int null, "annotations" int null, "withdrawn_annotations" int null, "establishment" text null, "residence" text null, constraint "open_findings_card_pkey" primary key ("card_number"))',
  'create table "open_finding_id" ("card_number" text not null, "token" text not null, "finding_id" text not null, constraint "open_finding_id_pkey" primary key ("card_number", "token", "finding_id"))',
  'create index "open_finding_id_finding_index" on "open_finding_id" ("finding_id")',
];

export class OpenFindingsSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class OpenFindingsPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
