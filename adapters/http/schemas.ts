/**
 * Every schema of the HTTP interface in one namespace (tests and tools validate answers with `schemas.…`). Each is
 * declared once, in its resource's folder (`<resource>/<resource>.schema.ts`) or in ./shared/; JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1. Field names follow the API contract.
 */
export * from './shared/schema-parts.js';
export * from './shared/query.schema.js';
export * from './shared/error.schema.js';
export * from './shared/finding.schema.js';
export * from './health/health.schema.js';
export * from './parse/parse.schema.js';
export * from './anonymize/anonymize.schema.js';
export * from './imports/imports.schema.js';
export * from './activities/activities.schema.js';
export * from './events-faults/events-faults.schema.js';
export * from './vehicles-used/vehicles-used.schema.js';
export * from './positions/positions.schema.js';
export * from './time-summary/time-summary.schema.js';
export * from './day-overview/day-overview.schema.js';
export * from './week-overview/week-overview.schema.js';
export * from './eu561-violations/eu561-violations.schema.js';
export * from './working-time/working-time.schema.js';
export * from './findings/findings.schema.js';
export * from './fleet/fleet.schema.js';
export * from './vehicle-units/vehicle-units.schema.js';
export * from './vehicle-analysis/vehicle-analysis.schema.js';
