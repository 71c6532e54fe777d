/** The people's words of the core's and the API's texts: one table by code, the API's words turned into words. */
import t from 'tap';
import { STATIC_NOT_EVALUATED } from '../../core/eu561/ruleset.js';
import { DECODE_WARNING_CODES } from '../../core/decoder/api.js';
import { AUTHENTICITY_WARNING_CODES } from '../../core/authenticity/index.js';
import {
  decodeFailureText,
  errorCodeText,
  durationsAsHours,
  forPeople,
  importWarningText,
  instantsInZone,
  quarantineReasons,
  reasonForPeople,
} from './people-text.js';

const TECHNICAL = /byte \d|GET \/|\/api\/|imp_|unknown_as|DRIVERCARD_|_[a-z]+_|[A-Z]+_[A-Z]+/;

t.test('every warning code of the decoder and the verifier has words without technical terms', async (t) => {
  for (const code of [...DECODE_WARNING_CODES, ...AUTHENTICITY_WARNING_CODES, 'holder_mismatch']) {
    const words = importWarningText(code);
    t.notMatch(words.what, /service reported a problem/, `${code}: its own words`);
    t.notMatch(`${words.what} ${words.todo}`, TECHNICAL, code);
  }
  t.match(importWarningText('later_code').what, 'The service reported a problem with this file.');
});

t.test('the API words of the core texts become words for people', async (t) => {
  t.equal(
    forPeople('The file ends inside the TLV block at byte 4217: 300 value bytes announced, 12 present.'),
    'The file ends inside the TLV block: 300 value bytes announced, 12 present.',
  );
  t.equal(
    forPeople('Activity unknown for 11h: no card record. Counted as rest (unknown_as=rest).'),
    'Activity unknown for 11h: no card record. Counted as rest (card-out time counted as rest).',
  );
  t.equal(forPeople('see imp_0123abcd'), 'see an import');
  for (const n of STATIC_NOT_EVALUATED)
    t.notMatch(reasonForPeople(n.rule, n.reason), /GET \/|\(warning [A-Z_]+\)/, n.rule);
  t.equal(
    reasonForPeople('working_time_directive', 'x'),
    'Directive 2002/15/EC (working time, night work, breaks from work) is outside this pre-check: see the working-time check.',
  );
  t.match(
    forPeople("not known: set DRIVERCARD_HOME_COUNTRY or the card's home countries."),
    /not known: enter the card's home countries under "Home countries" in the week view/,
  );
});

t.test("the core's instants in the reader's zone, named at each instant", async (t) => {
  const text = 'rest from Mon 16 May 2022 05:29 UTC to Sun 30 Oct 2022 23:30 UTC; (Mon 2 Mar 2026 06:00 UTC).';
  t.equal(
    instantsInZone(text, 'Europe/Madrid'),
    'rest from Mon 16 May 2022 07:29 Europe/Madrid (UTC+02:00) to Mon 31 Oct 2022 00:30 Europe/Madrid (UTC+01:00); ' +
      '(Mon 2 Mar 2026 07:00 Europe/Madrid (UTC+01:00)).',
    'summer and winter time; the weekday and the date move past midnight',
  );
  t.equal(instantsInZone(text, 'UTC'), text, 'UTC unchanged');
  t.equal(
    instantsInZone('Mon 2 Mar 2026 03:00 UTC', 'America/New_York'),
    'Sun 1 Mar 2026 22:00 America/New_York (UTC-05:00)',
    'the day before',
  );
  t.equal(instantsInZone('Mon 2 Mar 2026 06:00 CET', 'Europe/Madrid'), 'Mon 2 Mar 2026 06:00 CET', 'only UTC instants');
  t.equal(
    forPeople('4 h 30 min from Mon 2 Mar 2026 06:00 UTC (unknown_as=rest)', 'Europe/Berlin'),
    '4:30 from Mon 2 Mar 2026 07:00 Europe/Berlin (UTC+01:00) (card-out time counted as rest)',
  );
});

t.test("the core's durations read as hours and minutes", async (t) => {
  t.equal(durationsAsHours('a weekly rest of 3 d 20 h 42 min'), 'a weekly rest of 92:42');
  t.equal(durationsAsHours('the longest rest is 45 min; 8 h 15 min short'), 'the longest rest is 0:45; 8:15 short');
  t.equal(durationsAsHours('2 d and 1 d 5 min'), '48:00 and 24:05');
  t.equal(durationsAsHours('at least 9 h within 24 h'), 'at least 9 h within 24 h', "the rules' whole hours stay");
  t.equal(durationsAsHours('10 minutes'), '10 minutes', "only the core's abbreviation");
});

t.test('failures, errors and quarantine in words', async (t) => {
  t.match(decodeFailureText('vehicle_unit_download').what, 'vehicle-unit download, not a driver-card download');
  t.match(decodeFailureText(null).what, 'could not be read as a driver-card download');
  t.match(errorCodeText('conflicting_data').todo, 'Choose one import as the data basis');
  t.match(errorCodeText('something_new').what, 'The service could not answer.');
  t.same(quarantineReasons([{ code: 'unknown_tag' }, { code: 'damaged_ef' }, { code: 'damaged_ef' }]), [
    'Part of the file is damaged and could not be read. Download the card again and import the new file; until then its data is kept out of the checks.',
  ]);
  t.match(quarantineReasons([]), [/only files whose authenticity is verified/]);
});
