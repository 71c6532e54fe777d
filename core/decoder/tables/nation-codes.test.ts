import t from 'tap';
import { nationAlpha, nationCode, nationCodeFromAlpha, nationName, regionCode } from './nation-codes.js';

t.test('NationNumeric → ISO 3166-1 alpha-2', async (t) => {
  t.equal(nationCode(0x01), 'AT');
  t.equal(nationCode(0x06), 'BE');
  t.equal(nationCode(0x0d), 'DE');
  t.equal(nationCode(0x0f), 'ES');
  t.equal(nationCode(0x11), 'FR');
  t.equal(nationCode(0x12), 'FI');
  t.equal(nationCode(0x13), 'LI');
  t.equal(nationCode(0x14), 'FO');
  t.equal(nationCode(0x15), 'GB');
  t.equal(nationCode(0x18), 'HU');
  t.equal(nationCode(0x1a), 'IT');
  t.equal(nationCode(0x1e), 'LU');
  t.equal(nationCode(0x25), 'NO');
  t.equal(nationCode(0x28), 'PL');
  t.equal(nationCode(0x2a), 'SM');
  t.equal(nationCode(0x2b), 'RU');
  t.equal(nationCode(0x2e), 'SI');
  t.equal(nationCode(0x32), 'VA');
  t.equal(nationCode(0x34), 'ME');
  t.equal(nationCode(0x35), 'RS');
  t.equal(nationCode(0x37), 'TJ');
});

t.test('entries without an ISO alpha-2 keep the regulation code', async (t) => {
  t.equal(nationCode(0xfd), 'EC');
  t.equal(nationCode(0xfe), 'EUR');
  t.equal(nationCode(0xff), 'WLD');
  t.equal(nationCode(0x33), 'YU');
});

t.test('no information, unassigned and out of range → null', async (t) => {
  t.equal(nationCode(0x00), null);
  t.equal(nationCode(0x38), null);
  t.equal(nationCode(0x80), null);
  t.equal(nationCode(0xfc), null);
  t.equal(nationCode(-1), null);
  t.equal(nationCode(256), null);
  t.equal(nationCode(2.5), null);
});

t.test('NationAlpha and names', async (t) => {
  t.equal(nationAlpha(0x0d), 'D');
  t.equal(nationAlpha(0x15), 'UK');
  t.equal(nationAlpha(0x00), null);
  t.equal(nationName(0x12), 'Finland');
  t.equal(nationName(0x99), null);
  t.equal(nationCodeFromAlpha('D  '), 'DE');
  t.equal(nationCodeFromAlpha('fin'), 'FI');
  t.equal(nationCodeFromAlpha('EUR'), 'EUR');
  t.equal(nationCodeFromAlpha('   '), null);
  t.equal(nationCodeFromAlpha('XX'), null);
});

t.test('every assigned value maps to a 2- or 3-letter upper-case code, all distinct', async (t) => {
  const seen = new Map<string, number>();
  for (let n = 0; n < 256; n++) {
    const code = nationCode(n);
    if (code === null) continue;
    t.match(code, /^[A-Z]{2,3}$/);
    t.notOk(seen.has(code), `${code} appears once (0x${n.toString(16)})`);
    seen.set(code, n);
  }
  t.equal(seen.size, 58);
});

t.test('RegionNumeric → RegionAlpha (Spain)', async (t) => {
  t.equal(regionCode(0x00), null);
  t.equal(regionCode(0x01), 'AN');
  t.equal(regionCode(0x05), 'CAT');
  t.equal(regionCode(0x0e), 'M');
  t.equal(regionCode(0x11), 'PV');
  t.equal(regionCode(0x12), null);
  t.equal(regionCode(0xff), null);
  t.equal(regionCode(-3), null);
});
