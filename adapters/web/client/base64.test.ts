import t from 'tap';
import { bytesToBase64 } from './base64.js';

t.test('base64 of bytes, also beyond one chunk', async (t) => {
  t.equal(bytesToBase64(new Uint8Array([])), '');
  t.equal(bytesToBase64(new Uint8Array([0x76, 0x01, 0xff])), 'dgH/');
  const big = new Uint8Array(100_000).map((_, i) => (i * 7) & 0xff);
  t.equal(bytesToBase64(big), Buffer.from(big).toString('base64'));
});
