import t from 'tap';
import { comparableName, holderDiffers } from './holder-identity.js';

const anna = { surname: 'MÜLLER', first_names: 'ANNA MARIA', birth_date: '1980-01-01' };

t.test('names compare after NFKC, white space and case', async (t) => {
  t.equal(comparableName(' Mu\u0308ller '), 'MÜLLER', 'decomposed ü composes');
  t.equal(comparableName('Anna\u00a0 \tMaria'), 'ANNA MARIA', 'no-break space and tabs are one space');
  t.equal(comparableName('\uff2d\uff55ller'), 'MULLER', 'full-width letters');
  t.equal(comparableName('   '), null);
  t.equal(comparableName(null), null);
});

t.test('a holder differs when a field known on both sides differs', async (t) => {
  t.equal(holderDiffers(anna, { ...anna }), false);
  t.equal(
    holderDiffers(anna, { surname: 'mu\u0308ller', first_names: ' anna  maria', birth_date: '1980-01-01' }),
    false,
    'a re-download written otherwise',
  );
  t.equal(holderDiffers(anna, { ...anna, surname: 'MULLER' }), true, 'accents are part of the name');
  t.equal(holderDiffers(anna, { ...anna, first_names: 'ANNA' }), true);
  t.equal(holderDiffers(anna, { ...anna, birth_date: '1980-01-02' }), true);
  t.equal(
    holderDiffers(anna, { surname: null, first_names: null, birth_date: null }),
    false,
    'nothing known: no proof of a difference',
  );
  t.equal(
    holderDiffers({ ...anna, birth_date: null }, { ...anna, birth_date: '1999-09-09' }),
    false,
    'unknown stored birth date',
  );
  t.equal(holderDiffers({ ...anna, birth_date: null }, { ...anna, surname: 'SCHMIDT' }), true);
});
