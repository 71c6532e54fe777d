/**
 * The annotate form in local time (on a fake document: ../testing/fake-dom.ts), Europe/Berlin across the 2026 changes,
 * every expectation computed by hand: on 2026-03-29 at 01:00 UTC the clocks go from 02:00 CET (UTC+1) to 03:00 CEST
 * (UTC+2), so 02:00–02:59 do not exist; on 2026-10-25 at 01:00 UTC they go from 03:00 CEST back to 02:00 CET, so
 * 02:00–02:59 happen twice (00:00–00:59 UTC, then 01:00–01:59 UTC).
 */
import t from 'tap';
import { asFake, installFakeDocument, type FakeElement } from '../testing/fake-dom.js';
import { annotateForm, annotationBody, fieldInstant } from './annotate.js';
import { setDisplayTimeZone } from './format.js';
import { localInputValue, utcOfLocalInput } from './local-input.js';

const BERLIN = 'Europe/Berlin';
const uninstall = installFakeDocument();
t.teardown(() => {
  uninstall();
  setDisplayTimeZone('UTC');
});

/** The form's start and end inputs and its text, for a gap/finding from `start` to `end` (UTC). */
function form(start: string, end: string) {
  const f = asFake(annotateForm('DE00000000000001', start, end, () => undefined));
  const input = (name: string) => f.find('input').find((i) => i.getAttribute('name') === name) as FakeElement;
  const reading = (i: FakeElement, value = i.getAttribute('value') ?? '') => ({ value, dataset: i.dataset });
  return { text: f.textContent, from: input('start'), to: input('end'), reading };
}

t.test('the fields name the zone and are prefilled in local time', async (t) => {
  setDisplayTimeZone(BERLIN);
  // a gap from 2026-03-28 23:30 UTC (00:30 CET on the 29th) to 2026-03-29 01:30 UTC (03:30 CEST, after the change)
  const spring = form('2026-03-28T23:30:00Z', '2026-03-29T01:30:00Z');
  t.match(spring.text, 'From (Europe/Berlin)');
  t.match(spring.text, 'To (Europe/Berlin)');
  t.match(spring.text, 'local time in Europe/Berlin');
  t.notMatch(spring.text, 'UTC');
  t.equal(spring.from.getAttribute('value'), '2026-03-29T00:30');
  t.equal(spring.to.getAttribute('value'), '2026-03-29T03:30');
  t.equal(spring.from.getAttribute('type'), 'datetime-local');
  // a finding in summer (UTC+2) and one in winter (UTC+1)
  t.equal(form('2026-07-01T10:00:00Z', '2026-07-01T22:15:00Z').to.getAttribute('value'), '2026-07-02T00:15');
  t.equal(form('2026-01-15T06:30:00Z', '2026-01-15T07:00:00Z').from.getAttribute('value'), '2026-01-15T07:30');
});

t.test('sent in UTC: an unchanged prefill is the item own instant, a typed time is read in the zone', async (t) => {
  setDisplayTimeZone(BERLIN);
  // the second 02:30 of the autumn night (01:30 UTC, CET) shows as 02:30 and, left as it is, stays that instant
  const autumn = form('2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z');
  t.equal(autumn.from.getAttribute('value'), '2026-10-25T02:30');
  t.equal(autumn.to.getAttribute('value'), '2026-10-25T02:30');
  t.same(fieldInstant(autumn.reading(autumn.to), BERLIN, 'To'), { ok: true, iso: '2026-10-25T01:30:00Z', note: null });
  // typed again (the text changed): the earlier 02:30, said so
  const typed = fieldInstant(autumn.reading(autumn.to, '2026-10-25T02:45'), BERLIN, 'To');
  t.equal(typed.ok && typed.iso, '2026-10-25T00:45:00Z');
  t.match(typed.ok && typed.note, /happens twice in Europe\/Berlin.*first, 02:45 .*00:45 UTC.*01:45 UTC/);
  // the spring gap: refused, with the time on the clock after the change
  const spring = form('2026-03-28T23:30:00Z', '2026-03-29T01:30:00Z');
  const gap = fieldInstant(spring.reading(spring.to, '2026-03-29T02:30'), BERLIN, 'To');
  t.equal(gap.ok, false);
  t.match(!gap.ok && gap.message, /To, 2026-03-29 02:30, does not exist in Europe\/Berlin.*03:30/);
  t.same(fieldInstant(spring.reading(spring.to, '2026-03-29T03:00'), BERLIN, 'To'), {
    ok: true,
    iso: '2026-03-29T01:00:00Z',
    note: null,
  });
});

t.test('local date-times read around both changes', async (t) => {
  const at = (text: string) => {
    const r = utcOfLocalInput(text, BERLIN);
    return r.ok ? r.iso : 'refused';
  };
  t.equal(at('2026-03-29T01:59'), '2026-03-29T00:59:00Z', 'last minute of CET');
  t.equal(at('2026-03-29T02:00'), 'refused', 'skipped');
  t.equal(at('2026-03-29 02:59'), 'refused', 'skipped (space instead of T)');
  t.equal(at('2026-03-29T03:00'), '2026-03-29T01:00:00Z', 'first minute of CEST');
  t.equal(at('2026-10-25T01:59'), '2026-10-24T23:59:00Z', 'CEST, before the repeated hour');
  t.equal(at('2026-10-25T02:00'), '2026-10-25T00:00:00Z', 'repeated: the first (CEST)');
  t.equal(at('2026-10-25T03:00'), '2026-10-25T02:00:00Z', 'CET after it');
  t.equal(at('2026-07-01T12:00:30'), '2026-07-01T10:00:30Z', 'seconds');
  t.equal(at('2026-02-30T10:00'), 'refused', 'no such day');
  t.equal(at('2026-03-29T24:00'), 'refused', 'no such hour');
  t.equal(at('29.03.2026 10:00'), 'refused', 'another format');
  t.equal(utcOfLocalInput('2026-03-29T02:30', 'UTC').ok && 'read', 'read', 'UTC has no gap');
  t.equal(localInputValue('2026-03-29T01:00:00Z', BERLIN), '2026-03-29T03:00');
  t.equal(localInputValue('2026-07-01T10:00:30Z', BERLIN), '2026-07-01T12:00:30', 'seconds kept when not 00');
  t.equal(localInputValue('not a time', BERLIN), '');
});

t.test(
  'the request body: both ends in UTC, an autumn time said, a spring time or a missing Art. 12 note refused',
  async (t) => {
    setDisplayTimeZone(BERLIN);
    const f = form('2026-10-24T22:00:00Z', '2026-10-25T01:30:00Z');
    const fields = (to: string, kind = 'REST', note = '') => ({
      kind,
      from: f.reading(f.from),
      to: f.reading(f.to, to),
      note,
      author: ' Anna ',
    });
    t.equal(f.from.getAttribute('value'), '2026-10-25T00:00', 'CEST midnight');
    t.same(
      annotationBody('C1', fields('2026-10-25T02:30'), BERLIN),
      {
        body: {
          card_number: 'C1',
          kind: 'REST',
          start: '2026-10-24T22:00:00Z',
          end: '2026-10-25T01:30:00Z',
          note: null,
          author: 'Anna',
        },
        notes: '',
      },
      'unchanged prefill: the second 02:30 (CET) as the finding had it',
    );
    const typed = annotationBody('C1', fields('2026-10-25 02:15'), BERLIN);
    t.equal('body' in typed && typed.body.end, '2026-10-25T00:15:00Z', 'typed: the first 02:15 (CEST)');
    t.match('body' in typed && typed.notes, /happens twice/);
    const spring = annotationBody(
      'C1',
      { ...fields('2026-10-25T03:00'), from: { value: '2026-03-29T02:00', dataset: {} } },
      BERLIN,
    );
    t.match('refused' in spring && spring.refused, /From, 2026-03-29 02:00, does not exist in Europe\/Berlin/);
    t.match(annotationBody('C1', fields('2026-10-25T03:00', 'ARTICLE_12', ' '), BERLIN), { refused: /needs a note/ });
  },
);
