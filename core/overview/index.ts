export * from './time-totals.js';
export * from './day-overview.js';
export * from './week-overview.js';
