import t from 'tap';
import { BodyBudget, bodyReservation, discardBody, decodeBase64Strict } from './read-json-body.js';
import { HttpProblem } from './problem.js';

t.test('the body budget: reserve, wait first come first served, 503 after the wait', async (t) => {
  const budget = new BodyBudget(100, 50);
  const a = await budget.acquire(60);
  t.equal(budget.inFlightBytes, 60);
  const order: string[] = [];
  const b = budget.acquire(60).then((release) => (order.push('b'), release));
  const c = budget.acquire(10).then((release) => (order.push('c'), release)); // fits, but waits its turn behind b
  a();
  a(); // releasing twice changes nothing
  const releaseB = await b;
  const releaseC = await c;
  t.same(order, ['b', 'c'], 'granted in arrival order');
  t.equal(budget.inFlightBytes, 70);
  const refused = await budget.acquire(50).catch((e: unknown) => e);
  t.type(refused, HttpProblem);
  t.equal((refused as HttpProblem).status, 503);
  t.equal((refused as HttpProblem).code, 'service_busy');
  releaseB();
  releaseC();
  t.equal(budget.inFlightBytes, 0);
  const big = await budget.acquire(10_000);
  t.equal(budget.inFlightBytes, 100, 'a reservation is capped at the capacity');
  big();
});

t.test('reservation: the declared length, else the payload limit', async (t) => {
  const req = (headers: Record<string, string>) => new Request('http://x/', { method: 'POST', headers, body: 'x' });
  t.equal(bodyReservation(req({ 'content-length': '10' }), 100), 10);
  t.equal(bodyReservation(req({ 'content-length': '1000' }), 100), 100);
  t.equal(bodyReservation(new Request('http://x/'), 100), 100);
});

t.test('discardBody reads and drops a body; a used or absent body is left alone', async (t) => {
  const request = new Request('http://x/', { method: 'POST', body: 'x'.repeat(1000) });
  await discardBody(request, 10_000);
  t.ok(request.bodyUsed || request.body?.locked === false);
  await discardBody(new Request('http://x/'), 10);
  await discardBody(new Request('http://x/', { method: 'POST', body: 'y'.repeat(100) }), 10);
});

t.test('base64: one pass, whitespace ignored, padding only at the end', async (t) => {
  t.same(decodeBase64Strict('QUJD'), new Uint8Array([65, 66, 67]));
  t.same(decodeBase64Strict('QU\nJD\r\n'), new Uint8Array([65, 66, 67]));
  t.same(decodeBase64Strict('QQ=='), new Uint8Array([65]));
  t.same(decodeBase64Strict('QQ'), new Uint8Array([65]), 'padding optional');
  for (const bad of ['QQ=', 'Q', 'QQ==QQ', 'QQ===', 'Q-Q_', 'QUJD\u0000', 'é'])
    t.equal(decodeBase64Strict(bad), null, JSON.stringify(bad));
  t.same(
    decodeBase64Strict('QR=='),
    new Uint8Array([65]),
    'non-zero trailing bits: accepted (the slow path) as before',
  );
  t.same(decodeBase64Strict('QUI'), new Uint8Array([65, 66]), 'unpadded canonical: the native path');
  t.same(decodeBase64Strict(''), new Uint8Array([]));
  // the native path (canonical text) and the code-unit pass accept the same bytes
  for (let n = 0; n < 40; n++) {
    const bytes = new Uint8Array(Array.from({ length: n }, (_, i) => (i * 97 + n * 31) & 0xff));
    const text = Buffer.from(bytes).toString('base64');
    t.same(decodeBase64Strict(text), bytes);
    t.same(decodeBase64Strict(text.replace(/=+$/, '')), bytes);
    t.same(decodeBase64Strict(text.replace(/(.{4})/g, '$1\n')), bytes, 'with line breaks');
  }
});
