/**
 * Real gen2 and gen2 v2 downloads carry EF ICC and EF IC a second time under appendix 02. Such a file, signed by
 * the test PKI like a genuine card, decodes without `unknown_tag`, verifies, and is imported OK (not QUARANTINED);
 * a repeated copy that differs from the first gives its own warning `repeated_ef_differs` and is still OK.
 */
import t from 'tap';
import { NodeSignatureCrypto } from '../adapters/crypto/node-signature-crypto.js';
import { CardAuthenticityVerifier, buildTrustStore } from '../core/authenticity/index.js';
import { decodeDddBytes } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { importStatusOf } from '../core/use-cases/quarantine-policy.js';
import { encodeCard } from '../fixtures/encoder/encode-card.js';
import { signDdd, testTrustFiles } from '../fixtures/pki/test-pki.js';
import { gen2CrewGnss, gen2v2BorderLoad } from '../fixtures/scenarios/gen2.js';

const crypto = new NodeSignatureCrypto();
const trust = buildTrustStore(testTrustFiles(), crypto).store;

for (const [label, scenario] of [
  ['gen2', gen2CrewGnss()],
  ['gen2v2', gen2v2BorderLoad()],
] as const) {
  t.test(`${label}: EF ICC / EF IC repeated under appendix 02`, async (t) => {
    const plain = toParsedCard(decodeDddBytes(encodeCard(scenario)));
    for (const kind of ['identical', 'differing'] as const) {
      const bytes = signDdd(encodeCard({ ...scenario, repeatedCommonEfs: kind }));
      const card = decodeDddBytes(bytes);
      const codes = card.warnings.map((w) => w.code);
      t.same(codes, kind === 'identical' ? [] : ['repeated_ef_differs'], `${kind}: the decoder's warnings`);
      t.notOk(codes.includes('unknown_tag'), `${kind}: no unknown_tag`);
      const verified = new CardAuthenticityVerifier(crypto, trust).verify(card);
      t.equal(verified.authenticity.status, 'VERIFIED', `${kind}: a genuine file verifies`);
      t.equal(
        importStatusOf(toParsedCard(card).metadata.warnings, verified.authenticity.status),
        'OK',
        `${kind}: imported OK, not QUARANTINED`,
      );
      t.equal(
        importStatusOf(toParsedCard(card).metadata.warnings, verified.authenticity.status, true),
        'OK',
        `${kind}: OK even when only VERIFIED files are trusted`,
      );
      const parsed = toParsedCard(decodeDddBytes(encodeCard({ ...scenario, repeatedCommonEfs: kind })));
      t.ok(plain.activities.length > 0, `${kind}: activity rows to compare`);
      t.same(parsed.activities, plain.activities, `${kind}: the same activity rows as without the copies`);
      t.equal(card.generation, scenario.generation);
    }
  });
}
