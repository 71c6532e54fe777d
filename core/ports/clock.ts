/** The current time, injected so that use cases stay deterministic under test. */
export interface Clock {
  now(): Date;
}
