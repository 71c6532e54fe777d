/**
 * Service configuration from the environment (DRIVERCARD_*), validated with clear English errors.
 * Binding beyond loopback is refused unless DRIVERCARD_EXTERNAL_GATEWAY_ACK acknowledges the external
 * TLS and authentication gateway the specification demands (spec §1 and §5).
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isNationIsoCode } from '../core/decoder/tables/nation-codes.js';

export interface Config {
  host: string;
  /** 0 = any free port */
  port: number;
  dataDir: string;
  /** SQLite file path or URL; null = `<dataDir>/drivercard.sqlite` */
  databaseUrl: string | null;
  maxPayloadBytes: number;
  /** bound on request bodies in flight (bytes); requests beyond it wait, then get 503; null = 3 × maxPayloadBytes */
  maxBodiesInFlightBytes: number | null;
  /** extra Host header names the service answers to (lower-case) */
  allowedHosts: string[];
  externalGatewayAck: boolean;
  /** folder of trusted European roots (and member-state certificates); null = the shipped European roots */
  trustDir: string | null;
  /** DRIVERCARD_REQUIRE_VERIFIED=yes: quarantine every import that is not VERIFIED */
  requireVerified: boolean;
  /** DRIVERCARD_HOME_COUNTRY (ISO 3166-1 alpha-2): the default Member State of establishment and residence; null = none */
  homeCountry: string | null;
  /** IANA time zone the page, the report and the CSV show times in (DRIVERCARD_TIME_ZONE, default the machine's) */
  timeZone: string;
  /** BCP 47 locale of the office (DRIVERCARD_LOCALE, default the environment's LC_ALL / LC_NUMERIC / LANG): the CSV separator */
  locale: string;
  /** imports one process runs at once, the others waiting (DRIVERCARD_IMPORT_CONCURRENCY); null = the default (./import-admission.ts) */
  importConcurrency: number | null;
  /** folder whose dropped downloads are imported and sorted (DRIVERCARD_WATCH_DIR, ./watch-folder.ts); null = off */
  watchDir: string | null;
  /** how long a dropped file's size and mtime must stay unchanged before it is read (DRIVERCARD_WATCH_SETTLE_SECONDS) */
  watchSettleSeconds: number;
}

export const DEFAULT_CONFIG: Readonly<Config> = {
  host: '127.0.0.1',
  port: 5055,
  dataDir: './data',
  databaseUrl: null,
  maxPayloadBytes: 16 * 1024 * 1024,
  maxBodiesInFlightBytes: null,
  allowedHosts: [],
  externalGatewayAck: false,
  trustDir: null,
  requireVerified: false,
  homeCountry: null,
  timeZone: machineTimeZone(),
  locale: environmentLocale({}),
  importConcurrency: null,
  watchDir: null,
  watchSettleSeconds: 5,
};

/** The machine's time zone (UTC when the runtime knows none). */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * An IANA time zone name as `Intl.DateTimeFormat` knows it (e.g. Europe/Berlin), in its canonical spelling; a
 * name the runtime does not know stops the start with a configuration error.
 */
export function parseTimeZone(raw: string): string {
  const name = raw.trim();
  try {
    if (!name) throw new RangeError('empty');
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError('DRIVERCARD_TIME_ZONE must be an IANA time zone name such as Europe/Berlin or UTC.');
  }
}

/**
 * A locale as BCP 47 from DRIVERCARD_LOCALE or a POSIX locale name (`de_DE.UTF-8@euro` → `de-DE`); null for the
 * POSIX default locales (C, POSIX) and for what is not a locale.
 */
export function localeTag(raw: string): string | null {
  const name = raw
    .trim()
    .replace(/[.@].*$/, '')
    .replace(/_/g, '-');
  if (name === '' || name === 'C' || name === 'POSIX') return null;
  try {
    return Intl.getCanonicalLocales(name)[0] ?? null;
  } catch {
    return null;
  }
}

/** The environment's locale for numbers (LC_ALL, then LC_NUMERIC, then LANG), else the runtime's (Intl). */
export function environmentLocale(env: NodeJS.ProcessEnv): string {
  for (const name of ['LC_ALL', 'LC_NUMERIC', 'LANG'] as const) {
    const tag = env[name] ? localeTag(env[name]!) : null;
    if (tag) return tag;
  }
  return Intl.DateTimeFormat().resolvedOptions().locale || 'en';
}

/** Values that acknowledge the gateway (case-insensitive); anything else but an explicit "no" is refused. */
const ACK_YES = new Set(['yes', 'true', '1']);
const ACK_NO = new Set(['', 'no', 'false', '0']);

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK_NAMES.has(bare)) return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** DRIVERCARD_HOME_COUNTRY: an ISO 3166-1 alpha-2 code of a country the card can record; blank = none. */
export function parseHomeCountry(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (code === '') return null;
  if (!isNationIsoCode(code))
    throw new ConfigError('DRIVERCARD_HOME_COUNTRY must be an ISO 3166-1 alpha-2 country code, for example NL.');
  return code;
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) throw new ConfigError(`${name} must be a whole number between ${min} and ${max}.`);
  const value = Number(text);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}.`);
  return value;
}

const HOSTNAME_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function parseHost(raw: string): string {
  const host = raw.trim();
  const bare = host.replace(/^\[|\]$/g, '');
  if (!host || (isIP(bare) === 0 && !HOSTNAME_RE.test(host))) {
    throw new ConfigError('DRIVERCARD_HOST must be an IP address or a host name, for example 127.0.0.1.');
  }
  return bare;
}

function parseAllowedHosts(raw: string): string[] {
  const names = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names) {
    const [host, port, ...rest] = name.startsWith('[') ? [name] : name.split(':');
    const hostOk = name.startsWith('[')
      ? /^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(name)
      : HOSTNAME_RE.test(host ?? '') || isIP(host ?? '') === 4;
    if (!hostOk || rest.length > 0 || (port !== undefined && !/^\d{1,5}$/.test(port))) {
      throw new ConfigError(
        'DRIVERCARD_ALLOWED_HOSTS must be a comma-separated list of host names (optionally with :port).',
      );
    }
  }
  return names;
}

function parseYesNo(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (ACK_NO.has(value)) return false;
  if (ACK_YES.has(value)) return true;
  throw new ConfigError(`${name} must be "yes" or "no".`);
}

function parseAck(raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (ACK_NO.has(value)) return false;
  if (ACK_YES.has(value)) return true;
  throw new ConfigError(
    'DRIVERCARD_EXTERNAL_GATEWAY_ACK must be "yes" to acknowledge that an external TLS and authentication ' +
      'gateway protects this service (or "no"/unset for loopback use).',
  );
}

/** Checks a complete configuration (from the environment or from overrides). */
export function validateConfig(config: Config): Config {
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) {
    throw new ConfigError('The port must be a whole number between 0 and 65535.');
  }
  if (!Number.isInteger(config.maxPayloadBytes) || config.maxPayloadBytes < 1024) {
    throw new ConfigError('The payload limit must be a whole number of at least 1024 bytes.');
  }
  parseTimeZone(config.timeZone);
  if (!config.dataDir.trim()) throw new ConfigError('The data directory must not be empty.');
  if (!isLoopbackHost(config.host) && !config.externalGatewayAck) {
    throw new ConfigError(
      `Refusing to bind to ${config.host}: it is not a loopback address. The service has no TLS and no ` +
        'authentication of its own; binding beyond loopback requires an external TLS and authentication gateway ' +
        'and a risk assessment. Set DRIVERCARD_EXTERNAL_GATEWAY_ACK=yes to acknowledge it, or use ' +
        'DRIVERCARD_HOST=127.0.0.1.',
    );
  }
  return config;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const config: Config = { ...DEFAULT_CONFIG, allowedHosts: [] };
  if (env.DRIVERCARD_HOST !== undefined) config.host = parseHost(env.DRIVERCARD_HOST);
  if (env.DRIVERCARD_PORT !== undefined) config.port = parseInteger('DRIVERCARD_PORT', env.DRIVERCARD_PORT, 0, 65535);
  if (env.DRIVERCARD_DATA_DIR !== undefined) {
    if (!env.DRIVERCARD_DATA_DIR.trim()) throw new ConfigError('DRIVERCARD_DATA_DIR must not be empty.');
    config.dataDir = env.DRIVERCARD_DATA_DIR;
  }
  if (env.DRIVERCARD_DATABASE_URL !== undefined && env.DRIVERCARD_DATABASE_URL.trim() !== '') {
    config.databaseUrl = env.DRIVERCARD_DATABASE_URL.trim();
  }
  if (env.DRIVERCARD_MAX_PAYLOAD_BYTES !== undefined) {
    config.maxPayloadBytes = parseInteger(
      'DRIVERCARD_MAX_PAYLOAD_BYTES',
      env.DRIVERCARD_MAX_PAYLOAD_BYTES,
      1024,
      1024 ** 3,
    );
  }
  if (env.DRIVERCARD_IMPORT_CONCURRENCY !== undefined && env.DRIVERCARD_IMPORT_CONCURRENCY.trim() !== '') {
    config.importConcurrency = parseInteger(
      'DRIVERCARD_IMPORT_CONCURRENCY',
      env.DRIVERCARD_IMPORT_CONCURRENCY,
      1,
      1024,
    );
  }
  if (env.DRIVERCARD_MAX_BODIES_IN_FLIGHT_BYTES !== undefined) {
    config.maxBodiesInFlightBytes = parseInteger(
      'DRIVERCARD_MAX_BODIES_IN_FLIGHT_BYTES',
      env.DRIVERCARD_MAX_BODIES_IN_FLIGHT_BYTES,
      1024,
      16 * 1024 ** 3,
    );
  }
  if (env.DRIVERCARD_ALLOWED_HOSTS !== undefined) config.allowedHosts = parseAllowedHosts(env.DRIVERCARD_ALLOWED_HOSTS);
  if (env.DRIVERCARD_EXTERNAL_GATEWAY_ACK !== undefined)
    config.externalGatewayAck = parseAck(env.DRIVERCARD_EXTERNAL_GATEWAY_ACK);
  if (env.DRIVERCARD_TRUST_DIR !== undefined && env.DRIVERCARD_TRUST_DIR.trim() !== '')
    config.trustDir = resolve(env.DRIVERCARD_TRUST_DIR.trim());
  if (env.DRIVERCARD_WATCH_DIR !== undefined && env.DRIVERCARD_WATCH_DIR.trim() !== '')
    config.watchDir = resolve(env.DRIVERCARD_WATCH_DIR.trim());
  if (env.DRIVERCARD_WATCH_SETTLE_SECONDS !== undefined && env.DRIVERCARD_WATCH_SETTLE_SECONDS.trim() !== '') {
    const raw = env.DRIVERCARD_WATCH_SETTLE_SECONDS;
    config.watchSettleSeconds = parseInteger('DRIVERCARD_WATCH_SETTLE_SECONDS', raw, 1, 3600);
  }
  if (env.DRIVERCARD_REQUIRE_VERIFIED !== undefined)
    config.requireVerified = parseYesNo('DRIVERCARD_REQUIRE_VERIFIED', env.DRIVERCARD_REQUIRE_VERIFIED);
  if (env.DRIVERCARD_HOME_COUNTRY !== undefined) config.homeCountry = parseHomeCountry(env.DRIVERCARD_HOME_COUNTRY);
  if (env.DRIVERCARD_TIME_ZONE !== undefined && env.DRIVERCARD_TIME_ZONE.trim() !== '')
    config.timeZone = parseTimeZone(env.DRIVERCARD_TIME_ZONE);
  config.locale = environmentLocale(env);
  if (env.DRIVERCARD_LOCALE !== undefined && env.DRIVERCARD_LOCALE.trim() !== '') {
    const tag = localeTag(env.DRIVERCARD_LOCALE);
    if (tag === null) throw new ConfigError('DRIVERCARD_LOCALE must be a locale such as de-DE, pl or en-GB.');
    config.locale = tag;
  }
  const merged = { ...config, ...overrides };
  return validateConfig({ ...merged, dataDir: resolve(merged.dataDir) });
}

/**
 * Host header values the service answers to once bound to `port`: the bound address, the loopback names
 * when bound to loopback, and the configured extra names (with and without the port).
 */
export function allowedHostHeaders(config: Config, port: number): Set<string> {
  const hosts = new Set<string>();
  const add = (name: string) => {
    const lower = name.toLowerCase();
    const bracketed = lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
    hosts.add(`${bracketed}:${port}`);
    if (port === 80) hosts.add(bracketed);
  };
  add(config.host);
  if (isLoopbackHost(config.host)) ['127.0.0.1', 'localhost', '::1'].forEach(add);
  for (const name of config.allowedHosts) {
    if (/:\d+$/.test(name) && !/^\[[^\]]*\]$/.test(name)) hosts.add(name);
    else {
      hosts.add(name);
      add(name);
    }
  }
  return hosts;
}
