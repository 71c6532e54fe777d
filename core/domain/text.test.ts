import t from 'tap';
import { hasUnsafeText, isControlCodeUnit, safeCodeUnit, sanitizeText } from './text.js';

t.test('controls, DEL, C1 and lone surrogates are unsafe; everything else passes unchanged', async (t) => {
  for (const bad of [
    'a\u0000b',
    '\t',
    '\n',
    'x\u001f',
    '\u007f',
    '\u0085',
    '\u009f',
    's\udc00',
    '\ud800',
    'a\ud800b',
    '\udfff\ud800',
  ]) {
    t.ok(hasUnsafeText(bad), JSON.stringify(bad));
    t.notOk(hasUnsafeText(sanitizeText(bad)), `${JSON.stringify(bad)} sanitised`);
    t.equal(sanitizeText(bad).length, bad.length, 'one U+FFFD per offending code unit');
  }
  for (const good of ['', 'DF00000123456001', 'Müller-Łódź', 'Ωμέγα', '😀 emoji pair', '\u00a0\u00ff', '\ufffd']) {
    t.notOk(hasUnsafeText(good), JSON.stringify(good));
    t.equal(sanitizeText(good), good);
  }
  t.equal(sanitizeText('s\udc00x\u0000'), 's\ufffdx\ufffd');
  t.equal(sanitizeText(null), null);
  t.equal(sanitizeText(sanitizeText('a\u0000')), sanitizeText('a\u0000'), 'idempotent');
});

t.test('code units: one rule for the decoder tables', async (t) => {
  t.equal(safeCodeUnit(0x00), 0xfffd);
  t.equal(safeCodeUnit(0x41), 0x41);
  t.equal(safeCodeUnit(0x85), 0xfffd);
  t.equal(safeCodeUnit(0xa0), 0xa0);
  t.ok(isControlCodeUnit(0x7f));
  t.notOk(isControlCodeUnit(0x20));
});
