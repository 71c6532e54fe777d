import t from 'tap';
import { resolve } from 'node:path';
import { allowedHostHeaders, ConfigError, DEFAULT_CONFIG, isLoopbackHost, loadConfig } from './config.js';

t.test('defaults', async (t) => {
  const config = loadConfig({});
  t.same(config, { ...DEFAULT_CONFIG, dataDir: resolve('./data') });
  t.equal(config.port, 5055);
  t.equal(config.host, '127.0.0.1');
  t.equal(config.maxPayloadBytes, 16 * 1024 * 1024);
});

t.test('environment variables', async (t) => {
  const config = loadConfig({
    DRIVERCARD_HOST: 'localhost',
    DRIVERCARD_PORT: '0',
    DRIVERCARD_DATA_DIR: '/tmp/dc',
    DRIVERCARD_DATABASE_URL: 'sqlite:/tmp/dc/x.sqlite',
    DRIVERCARD_MAX_PAYLOAD_BYTES: '2048',
    DRIVERCARD_MAX_BODIES_IN_FLIGHT_BYTES: '4096',
    DRIVERCARD_ALLOWED_HOSTS: 'Drivercard.Example, box.local:8080 ,',
    DRIVERCARD_IMPORT_CONCURRENCY: ' 3 ',
  });
  t.match(config, {
    host: 'localhost',
    port: 0,
    dataDir: '/tmp/dc',
    databaseUrl: 'sqlite:/tmp/dc/x.sqlite',
    maxPayloadBytes: 2048,
    maxBodiesInFlightBytes: 4096,
    allowedHosts: ['drivercard.example', 'box.local:8080'],
    externalGatewayAck: false,
    importConcurrency: 3,
  });
  t.equal(loadConfig({ DRIVERCARD_IMPORT_CONCURRENCY: '' }).importConcurrency, null, 'blank: the default');
  t.equal(loadConfig({ DRIVERCARD_DATABASE_URL: '  ' }).databaseUrl, null);
  t.equal(loadConfig({}, { port: 0 }).port, 0, 'overrides win');
});

t.test('invalid values are refused with a message naming the variable', async (t) => {
  const bad: Array<[NodeJS.ProcessEnv, RegExp]> = [
    [{ DRIVERCARD_PORT: 'eighty' }, /DRIVERCARD_PORT/],
    [{ DRIVERCARD_PORT: '65536' }, /DRIVERCARD_PORT must be between 0 and 65535/],
    [{ DRIVERCARD_PORT: '-1' }, /DRIVERCARD_PORT/],
    [{ DRIVERCARD_MAX_PAYLOAD_BYTES: '16MiB' }, /DRIVERCARD_MAX_PAYLOAD_BYTES/],
    [{ DRIVERCARD_MAX_PAYLOAD_BYTES: '10' }, /DRIVERCARD_MAX_PAYLOAD_BYTES must be between 1024/],
    [{ DRIVERCARD_MAX_BODIES_IN_FLIGHT_BYTES: '1' }, /DRIVERCARD_MAX_BODIES_IN_FLIGHT_BYTES must be between 1024/],
    [{ DRIVERCARD_IMPORT_CONCURRENCY: '0' }, /DRIVERCARD_IMPORT_CONCURRENCY must be between 1 and 1024/],
    [{ DRIVERCARD_IMPORT_CONCURRENCY: 'four' }, /DRIVERCARD_IMPORT_CONCURRENCY must be a whole number/],
    [{ DRIVERCARD_HOST: 'not a host!' }, /DRIVERCARD_HOST/],
    [{ DRIVERCARD_HOST: '' }, /DRIVERCARD_HOST/],
    [{ DRIVERCARD_DATA_DIR: ' ' }, /DRIVERCARD_DATA_DIR/],
    [{ DRIVERCARD_ALLOWED_HOSTS: 'a b' }, /DRIVERCARD_ALLOWED_HOSTS/],
    [{ DRIVERCARD_ALLOWED_HOSTS: 'host:port' }, /DRIVERCARD_ALLOWED_HOSTS/],
    [{ DRIVERCARD_EXTERNAL_GATEWAY_ACK: 'maybe' }, /DRIVERCARD_EXTERNAL_GATEWAY_ACK must be "yes"/],
  ];
  for (const [env, message] of bad) {
    t.throws(() => loadConfig(env), message, JSON.stringify(env));
    t.throws(() => loadConfig(env), ConfigError);
  }
  t.throws(() => loadConfig({}, { port: 1.5 }), /port/);
  t.throws(() => loadConfig({}, { maxPayloadBytes: 0 }), /payload limit/);
});

t.test('binding beyond loopback needs the gateway acknowledgement', async (t) => {
  t.throws(
    () => loadConfig({ DRIVERCARD_HOST: '0.0.0.0' }),
    /Refusing to bind to 0\.0\.0\.0.*TLS and authentication gateway/s,
  );
  t.throws(() => loadConfig({ DRIVERCARD_HOST: '192.168.1.10', DRIVERCARD_EXTERNAL_GATEWAY_ACK: 'no' }), /Refusing/);
  const config = loadConfig({ DRIVERCARD_HOST: '0.0.0.0', DRIVERCARD_EXTERNAL_GATEWAY_ACK: 'YES' });
  t.equal(config.externalGatewayAck, true);
  t.ok(loadConfig({ DRIVERCARD_HOST: '::1' }), 'IPv6 loopback is fine');
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) t.ok(isLoopbackHost(host), host);
  for (const host of ['0.0.0.0', '10.0.0.1', 'example.com', '::']) t.notOk(isLoopbackHost(host), host);
});

t.test('Host headers the service answers to', async (t) => {
  const loopback = allowedHostHeaders({ ...DEFAULT_CONFIG, allowedHosts: ['box.local', 'gw.example:443'] }, 5055);
  t.same(
    [...loopback].sort(),
    ['127.0.0.1:5055', '[::1]:5055', 'box.local', 'box.local:5055', 'gw.example:443', 'localhost:5055'].sort(),
  );
  const external = allowedHostHeaders({ ...DEFAULT_CONFIG, host: '10.0.0.5', externalGatewayAck: true }, 80);
  t.same([...external].sort(), ['10.0.0.5', '10.0.0.5:80']);
});

t.test(
  'DRIVERCARD_HOME_COUNTRY: an ISO 3166-1 alpha-2 code the card can record, upper-cased; blank is none',
  async (t) => {
    t.equal(loadConfig({}).homeCountry, null);
    t.equal(loadConfig({ DRIVERCARD_HOME_COUNTRY: ' nl ' }).homeCountry, 'NL');
    t.equal(loadConfig({ DRIVERCARD_HOME_COUNTRY: 'GB' }).homeCountry, 'GB');
    t.equal(loadConfig({ DRIVERCARD_HOME_COUNTRY: '' }).homeCountry, null);
    for (const bad of ['NLD', 'N', 'XX', 'EC', 'EUR', 'UK', 'D', '12']) {
      t.throws(
        () => loadConfig({ DRIVERCARD_HOME_COUNTRY: bad }),
        { name: 'ConfigError', message: /DRIVERCARD_HOME_COUNTRY must be an ISO 3166-1 alpha-2/ },
        bad,
      );
    }
  },
);

t.test("DRIVERCARD_TIME_ZONE: an IANA zone, default the machine's, refused clearly when unknown", async (t) => {
  t.equal(loadConfig({}).timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone, "the machine's zone by default");
  t.equal(loadConfig({ DRIVERCARD_TIME_ZONE: ' Europe/Berlin ' }).timeZone, 'Europe/Berlin');
  t.equal(loadConfig({ DRIVERCARD_TIME_ZONE: 'utc' }).timeZone, 'UTC', 'the canonical spelling');
  t.equal(
    loadConfig({ DRIVERCARD_TIME_ZONE: '' }).timeZone,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    'empty: the default',
  );
  for (const bad of ['Mars/Olympus', 'Berlin', '+02:00']) {
    t.throws(
      () => loadConfig({ DRIVERCARD_TIME_ZONE: bad }),
      { name: 'ConfigError', message: /DRIVERCARD_TIME_ZONE must be an IANA time zone name/ },
      bad,
    );
  }
  t.throws(() => loadConfig({}, { timeZone: 'Nowhere/Else' }), { name: 'ConfigError' }, 'overrides are validated too');
});

t.test('DRIVERCARD_WATCH_DIR and DRIVERCARD_WATCH_SETTLE_SECONDS: off and 5 s by default', async (t) => {
  t.equal(loadConfig({}).watchDir, null);
  t.equal(loadConfig({ DRIVERCARD_WATCH_DIR: ' ' }).watchDir, null, 'blank: off');
  t.equal(loadConfig({ DRIVERCARD_WATCH_DIR: 'drops' }).watchDir, resolve('drops'), 'resolved');
  t.equal(loadConfig({}).watchSettleSeconds, 5);
  t.equal(loadConfig({ DRIVERCARD_WATCH_SETTLE_SECONDS: '30' }).watchSettleSeconds, 30);
  t.throws(
    () => loadConfig({ DRIVERCARD_WATCH_SETTLE_SECONDS: '0' }),
    /DRIVERCARD_WATCH_SETTLE_SECONDS must be between 1 and 3600/,
  );
});
