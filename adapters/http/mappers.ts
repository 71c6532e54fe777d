/**
 * Every response mapper of the HTTP interface in one namespace (the CLI's `parse` output, the conformance suites
 * and golden files map with these). Each is declared once, in its resource's folder (`<resource>/<resource>.mapper.ts`):
 * the one place where the core's numbers (epoch seconds, UTC day numbers) become the API's ISO text.
 */
export * from './shared/list.mapper.js';
export * from './imports/imports.mapper.js';
export * from './parse/parse.mapper.js';
export * from './parse/parsed-card.mapper.js';
export * from './activities/activities.mapper.js';
export * from './events-faults/events-faults.mapper.js';
export * from './vehicles-used/vehicles-used.mapper.js';
export * from './positions/positions.mapper.js';
export * from './time-summary/time-summary.mapper.js';
export * from './day-overview/day-overview.mapper.js';
export * from './week-overview/week-overview.mapper.js';
