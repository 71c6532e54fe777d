import t from 'tap';
import { dateFieldHtml, isoDateOf, readDateField } from './date-field.js';
import { asFake, installFakeDocument, type FakeElement } from '../testing/fake-dom.js';
import { el } from './dom.js';

t.test('a date is YYYY-MM-DD of a day that exists', async (t) => {
  t.equal(isoDateOf('2026-03-02'), '2026-03-02');
  t.equal(isoDateOf(' 2028-02-29 '), '2028-02-29', 'a leap day, spaces around left out');
  t.equal(isoDateOf('2026-02-29'), null, 'no leap day in 2026');
  t.equal(isoDateOf('2026-13-01'), null);
  t.equal(isoDateOf('02/03/2026'), null, "a browser's own format");
  t.equal(isoDateOf('2026-3-2'), null);
  t.equal(isoDateOf(''), null);
});

t.test('a field is read and marked', async (t) => {
  const uninstall = installFakeDocument();
  t.teardown(uninstall);
  const input = asFake(el('input', {})) as FakeElement & HTMLInputElement;
  input.value = '11/01/2026';
  t.equal(readDateField(input), undefined, 'no date');
  t.equal(input.getAttribute('aria-invalid'), 'true');
  input.value = '';
  t.equal(readDateField(input), null, 'empty');
  t.equal(input.getAttribute('aria-invalid'), null);
  input.value = '2026-11-01';
  t.equal(readDateField(input), '2026-11-01');
  t.equal(input.getAttribute('aria-invalid'), null, 'unmarked');
});

t.test("the page's static fields carry the same attributes", async (t) => {
  t.equal(
    dateFieldHtml(),
    'type="text" pattern="\\d{4}-\\d{2}-\\d{2}" placeholder="YYYY-MM-DD" maxlength="10" autocomplete="off" spellcheck="false" title="Enter a date as YYYY-MM-DD, e.g. 2026-03-02."',
  );
});
