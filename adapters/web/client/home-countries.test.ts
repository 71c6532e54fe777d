/** The home-countries field's words and validation, for people. */
import t from 'tap';
import { countryName, homesSentence, readCountry, sourceText } from './home-countries.js';

t.test('an entered country: empty is the default, two letters are a code, anything else is explained', async (t) => {
  t.same(readCountry('', 'x'), { value: null });
  t.same(readCountry('  ', 'x'), { value: null });
  t.same(readCountry(' de ', 'x'), { value: 'DE' });
  for (const bad of ['D', 'DEU', 'D1', 'Deutschland', '12'])
    t.match(readCountry(bad, 'country of residence'), {
      error: /^The country of residence must be a two-letter country code, for example DE, PL or NL/,
    });
});

t.test('what the pre-check uses, in words', async (t) => {
  t.equal(countryName('DE'), 'DE (Germany)');
  t.equal(countryName(null), 'not known');
  t.equal(sourceText('card'), 'set for this card');
  t.equal(sourceText('configuration'), "the service's default");
  t.equal(sourceText(null), 'not set');
  const both = {
    card_number: 'C',
    establishment: 'DE',
    residence: 'PL',
    establishment_source: 'card' as const,
    residence_source: 'configuration' as const,
    updated_at: null,
  };
  t.equal(
    homesSentence(both),
    "Establishment: DE (Germany), set for this card; residence: PL (Poland), the service's default. The pre-check decides the return-home and consecutive reduced weekly rest rules with them.",
  );
  t.match(
    homesSentence({ ...both, residence: null, residence_source: null }),
    'residence: not known, not set. Without both, the pre-check does not evaluate',
  );
});
