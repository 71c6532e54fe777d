/**
 * The home-countries form on a fake document (../testing/fake-dom.ts) against a service faked by its answers: what it shows,
 * what it sends, and what it says when the entry or the service refuses.
 */
import t, { type Test } from 'tap';
import { asFake, installFakeDocument, type FakeElement } from '../testing/fake-dom.js';
import { renderHomeCountries } from './home-countries.js';

const uninstall = installFakeDocument();
const realFetch = globalThis.fetch;
t.teardown(() => {
  uninstall();
  globalThis.fetch = realFetch;
});

const STORED = {
  card_number: 'DF000000000001',
  establishment: 'DE',
  residence: 'PL',
  establishment_source: 'card',
  residence_source: 'configuration',
  updated_at: null,
};

/** fetch answered from `answers` in turn, each request recorded. */
function answerFetch(answers: Array<{ status: number; body: unknown } | 'offline'>) {
  const requests: Array<{ url: string; method: string; body: unknown }> = [];
  globalThis.fetch = (async (url: string, init?: { method?: string; body?: string }) => {
    requests.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body) : null });
    const next = answers.shift();
    if (next === undefined || next === 'offline') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(next.body), { status: next.status });
  }) as typeof fetch;
  return requests;
}

/** Waits until the form's save (started by the submit listener) has settled. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

async function rendered(t: Test, answers: Parameters<typeof answerFetch>[0]) {
  const requests = answerFetch([{ status: 200, body: STORED }, ...answers]);
  let saves = 0;
  const form = await renderHomeCountries(STORED.card_number, () => saves++);
  t.ok(form, 'the service knows home countries');
  const fake = asFake(form) as FakeElement;
  const field = (name: string) => fake.find('input').find((i) => i.getAttribute('name') === name)!;
  const status = () => fake.find('p', 'homes-status')[0]!.textContent;
  return { fake, field, status, requests, saves: () => saves };
}

t.test(
  'shows what the card has set, the default left empty, and the sentence of what the pre-check uses',
  async (t) => {
    const { field, status, requests } = await rendered(t, []);
    t.equal(field('establishment').value, 'DE', 'set for this card: shown in the field');
    t.equal(field('residence').value, '', "the service's default: the field stays empty");
    t.match(status(), "Establishment: DE (Germany), set for this card; residence: PL (Poland), the service's default.");
    t.same(requests, [{ url: 'api/drivercard/drivers/DF000000000001/home-countries', method: 'GET', body: null }]);
  },
);

t.test('an entry that is not a code is explained and nothing is sent', async (t) => {
  const { fake, field, status, requests, saves } = await rendered(t, []);
  field('residence').value = 'Polska';
  const event = fake.dispatch('submit');
  t.ok(event.defaultPrevented, 'the browser does not post the form itself');
  t.match(status(), /^Not saved: The country of residence must be a two-letter country code/);
  t.equal(fake.dataset.saved, 'false');
  t.equal(requests.length, 1, 'only the first GET');
  t.equal(saves(), 0);
});

t.test('a valid entry is sent upper-cased, the answer shown and the view told to reload', async (t) => {
  const after = { ...STORED, residence_source: 'card' };
  const { fake, field, status, requests, saves } = await rendered(t, [{ status: 200, body: after }]);
  field('residence').value = ' pl ';
  fake.dispatch('submit');
  await settled();
  t.same(requests[1], {
    url: 'api/drivercard/drivers/DF000000000001/home-countries',
    method: 'POST',
    body: { establishment: 'DE', residence: 'PL' },
  });
  t.match(status(), /^Saved\. Establishment: DE \(Germany\), set for this card; residence: PL \(Poland\), set for/);
  t.equal(fake.dataset.saved, 'true');
  t.equal(saves(), 1);
});

t.test("the service's refusal and an unreachable service in words, the code behind the detail", async (t) => {
  const refused = { error: 'invalid_payload', message: 'residence: not an ISO 3166-1 alpha-2 code' };
  const one = await rendered(t, [{ status: 400, body: refused }]);
  one.field('residence').value = 'XX';
  one.fake.dispatch('submit');
  await settled();
  t.match(one.status(), /^Not saved: A code is not a country the tachograph system knows\./);
  t.match(one.status(), 'invalid_payload: residence: not an ISO 3166-1 alpha-2 code');
  t.equal(one.saves(), 0);
  const two = await rendered(t, ['offline']);
  two.fake.dispatch('submit');
  await settled();
  t.match(two.status(), /^Not saved: The service could not be reached\. Try again\./);
  t.equal(two.fake.dataset.saved, 'false');
});

t.test('no section when the service cannot say', async (t) => {
  answerFetch(['offline']);
  t.equal(await renderHomeCountries('DF000000000001', () => undefined), null);
});

t.test('no section, and no uncaught error, when the service does not know the card (404)', async (t) => {
  const unknown = { error: 'not_found', message: 'No import of the card_number asked for exists.' };
  answerFetch([{ status: 404, body: unknown }]);
  t.equal(await renderHomeCountries('XX000000000001', () => undefined), null, 'the refusal hides the section');
});
