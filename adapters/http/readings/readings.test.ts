/** GET /api/drivercard/readings over the HTTP app: the readings, the card-out choice per unknown_as, refusals. */
import t from 'tap';
import { READING_IDS } from '../../../core/eu561/readings.js';
import { officeService } from '../testing/office-service.js';
import { strictValidator } from '../shared/validation.js';
import { readingsResponseSchema } from './readings.schema.js';

t.test('the readings: every one declared, with the checks it concerns; the card-out choice per value', async (t) => {
  const service = await officeService();
  t.teardown(() => service.close());
  const res = await service.get('/api/drivercard/readings');
  t.equal(res.status, 200);
  const body = await res.json();
  t.ok(strictValidator(readingsResponseSchema)(body), 'answer matches its schema');
  t.equal(body.unknown_as, 'gap');
  t.same(
    body.items.map((r: any) => r.id),
    READING_IDS,
  );
  const byId = new Map(body.items.map((r: any) => [r.id, r]));
  t.match(byId.get('card_out_time'), { checks: ['eu561', 'wtd'], choice: /gap to explain/ });
  t.match(byId.get('return_home'), {
    checks: ['eu561'],
    article: /Art\. 8\(8a\)/,
    choice: /always a potential infringement/,
  });
  t.match(byId.get('wtd_reference_period'), { checks: ['wtd'] });
  const strict = await (await service.get('/api/drivercard/readings?unknown_as=unknown')).json();
  t.equal(strict.unknown_as, 'unknown');
  t.match(strict.items[0], { id: 'card_out_time', choice: /incomplete data/ });
  t.same(strict.items.slice(1), body.items.slice(1), 'only the card-out reading follows unknown_as');

  const bad = await service.get('/api/drivercard/readings?unknown_as=sometimes');
  t.equal(bad.status, 400);
  const error = await bad.json();
  t.equal(error.error, 'invalid_filter');
  t.match(error.message, /unknown_as/);
  t.equal((await service.get('/api/drivercard/readings?card_number=X')).status, 400, 'no other parameter');
});
