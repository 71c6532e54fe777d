/** New identifiers for imports (opaque strings, unique for the lifetime of a database). */
export interface IdGenerator {
  newImportId(): string;
}
