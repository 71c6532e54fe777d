/** Column types overriding MikroORM's defaults (absent = the default for the property type): what differs between the databases, given by the dialect to the entity schemas of this folder. */
export interface ColumnTypes {
  /** epoch-second columns (default `integer`) */
  seconds?: string;
  /** string columns (default: SQLite `text`, PostgreSQL `varchar(255)`) */
  string?: string;
  /** the collation suffix of byte-order comparisons (PostgreSQL ` COLLATE "C"`, as the queries' ORDER BY; SQLite none) */
  byteOrder?: string;
  /** the fleet search's GIN trigram index (PostgreSQL; SQLite's FTS5 table is outside the entity schemas) */
  trigramIndex?: boolean;
}
