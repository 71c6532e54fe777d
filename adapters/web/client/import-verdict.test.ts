import t from 'tap';
import { importVerdict } from './import-verdict.js';

const base = {
  reused: false,
  status: 'OK' as const,
  card: {
    card_number: 'C1',
    issuing_member_state: 'DE',
    issuing_authority: null,
    issue_date: null,
    validity_begin: null,
    expiry_date: null,
  },
  driver: {
    surname: 'MÜLLER',
    first_names: 'Jan',
    birth_date: null,
    preferred_language: null,
    licence_issuing_nation: null,
    licence_number: null,
  },
  activity_range: { from: '2026-02-01', to: '2026-03-01', days: 29 },
};

t.test('a verified import is a success', async (t) => {
  const v = importVerdict({ ...base, authenticity: { status: 'VERIFIED' } });
  t.same(v, {
    state: 'ok',
    text: 'Imported: MÜLLER, Jan · card C1 · activity 2026-02-01 to 2026-03-01 (29 days) · authenticity verified',
    card: 'C1',
    to: '2026-03-01',
    problems: [],
  });
  t.match(
    importVerdict({ ...base, reused: true }).text,
    /^Already imported \(reused\): MÜLLER, Jan/,
    'a re-import says so; no authenticity from an older service',
  );
  t.equal(
    importVerdict({ ...base, authenticity: { status: 'UNSIGNED' } }).state,
    'ok',
    'unsigned is imported with a warning, not quarantined',
  );
});

t.test('INVALID or QUARANTINED is a problem, never a success', async (t) => {
  const invalid = importVerdict({ ...base, status: 'QUARANTINED', authenticity: { status: 'INVALID' } });
  t.equal(invalid.state, 'problem');
  t.match(invalid.text, /^Problem: QUARANTINED: /);
  t.match(invalid.text, 'authenticity INVALID');
  t.match(invalid.text, 'kept apart from the pre-check');
  const q = importVerdict({ ...base, status: 'QUARANTINED', reused: true, authenticity: { status: 'UNVERIFIABLE' } });
  t.equal(q.state, 'problem', 'quarantined under DRIVERCARD_REQUIRE_VERIFIED');
  t.match(q.text, /^Problem: QUARANTINED \(already imported\)/);
  const onlyInvalid = importVerdict({ ...base, authenticity: { status: 'INVALID' } });
  t.equal(onlyInvalid.state, 'problem', 'an INVALID file is a problem even if not quarantined');
  t.match(onlyInvalid.text, /^Problem: MÜLLER/);
  const unnamed = importVerdict({
    ...base,
    driver: null as never,
    card: null as never,
    activity_range: null as never,
    authenticity: { status: 'ODD' },
  });
  t.equal(unnamed.text, 'Imported: unnamed driver · card – · activity – to – (0 days) · authenticity ODD');
  const oneDay = importVerdict({ ...base, activity_range: { from: '2026-03-01', to: '2026-03-01', days: 1 } });
  t.match(oneDay.text, /activity 2026-03-01 to 2026-03-01 \(1 day\)/, 'one day in the singular');
});
