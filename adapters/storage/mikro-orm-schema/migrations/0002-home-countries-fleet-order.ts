/**
 * The cards' home countries (the Mobility Package rules' member state of establishment and residence, set by the
 * office) and the fleet list's indexes for its default order (the most serious finding first) and for the
 * summary's counts of cards not evaluated and of evaluated cards with violations. SQL from MikroORM's schema
 * generator on a database migrated to 0001.
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `card_home_countries` (`card_number` text not null, `establishment` text null, `residence` text null, `updated_at` integer not null, primary key (`card_number`))',
  'CREATE INDEX IF NOT EXISTS fleet_card_findings_index ON fleet_card (f_rank DESC, f_unevaluated DESC, f_violation DESC, f_potential DESC, f_incomplete DESC, card_number)',
  'create index `fleet_card_evaluation_index` on `fleet_card` (`f_unevaluated`, `f_violation`)',
];

const POSTGRES = [
  'create table "card_home_countries" ("card_number" text not null, "establishment" text null, "residence" text null, "updated_at" bigint not null, constraint "card_home_countries_pkey" primary key ("card_number"))',
  'CREATE INDEX IF NOT EXISTS fleet_card_findings_index ON fleet_card (f_rank DESC, f_unevaluated DESC, f_violation DESC, f_potential DESC, f_incomplete DESC, card_number COLLATE "C")',
  'create index "fleet_card_evaluation_index" on "fleet_card" ("f_unevaluated", "f_violation")',
];

export class HomeCountriesFleetOrderSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class HomeCountriesFleetOrderPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
