/**
 * The imports' specific conditions (EF Specific_Conditions: out of scope and ferry/train crossing begin / end), one
 * row per record (../specific-conditions-schema.ts), and the imports stored before it, whose conditions are read
 * again from their original bytes at start (../migrate.ts). Table SQL from MikroORM's schema generator.
 */
import { Migration } from '@mikro-orm/migrations';

const SQLITE = [
  'create table `specific_condition` (`import_pk` integer not null, `seq` integer not null, `at_s` integer not null, `condition_type` text not null, primary key (`import_pk`, `seq`))',
  'create table `specific_condition_pending` (`import_pk` integer not null, primary key (`import_pk`))',
  'insert into `specific_condition_pending` (`import_pk`) select `pk` from `imports`',
];

const POSTGRES = [
  'create table "specific_condition" ("import_pk" int not null, "seq" int not null, "at_s" bigint not null, "condition_type" text not null, constraint "specific_condition_pkey" primary key ("import_pk", "seq"))',
  'create table "specific_condition_pending" ("import_pk" int not null, constraint "specific_condition_pending_pkey" primary key ("import_pk"))',
  'insert into "specific_condition_pending" ("import_pk") select "pk" from "imports"',
];

export class SpecificConditionsSqlite extends Migration {
  override up(): void {
    for (const sql of SQLITE) this.addSql(sql);
  }
}

export class SpecificConditionsPostgres extends Migration {
  override up(): void {
    for (const sql of POSTGRES) this.addSql(sql);
  }
}
