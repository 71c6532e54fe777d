/**
 * A VU download's import row and decoded rows: the verdict and the decoder's warnings give the status by the one
 * quarantine policy (a failed signature, a TREP cut short, DRIVERCARD_REQUIRE_VERIFIED), `card`/`driver` hold nulls,
 * the activity range is in UTC days; without a verifier the rows come unverified, with one the verdict is set.
 */
import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vuFileDecoder } from './decode-vu-file.js';
import { vuImportRow } from './parse-vu-import.js';
import { buildTrustStore } from '../authenticity/index.js';
import { VuAuthenticityVerifier } from '../authenticity/verify-vu.js';
import { NodeSignatureCrypto } from '../../adapters/crypto/node-signature-crypto.js';
import { testTrustFiles } from '../../fixtures/pki/test-pki.js';
import { parseIsoDay } from '../time.js';

const FILE = join(import.meta.dirname, '..', '..', 'fixtures', 'ddd', 'vu-downloads', 'vu-gen2.ddd');
const bytes = new Uint8Array(readFileSync(FILE));
const crypto = new NodeSignatureCrypto();
const verifier = new VuAuthenticityVerifier(crypto, buildTrustStore(testTrustFiles(), crypto).store);
const ids = (requireVerified: boolean) => ({
  import_id: 'imp_1',
  archive_id: 'arc_1',
  file_name: 'vu.ddd',
  content_sha256: 'ab'.repeat(32),
  size_bytes: bytes.length,
  imported_at: 1_770_000_000,
  requireVerified,
});

t.test('unverified: rows, days and speed; OK unless only verified files are used', async (t) => {
  const decoded = await vuFileDecoder(null)(bytes);
  t.equal(decoded.rows.import.authenticity, null);
  t.ok(decoded.days.length > 0 && decoded.days.every((d) => d.vin === decoded.rows.import.vehicle.vin));
  t.same(
    decoded.days.map((d) => d.date),
    [...decoded.days.map((d) => d.date)].sort(),
    'in date order',
  );
  t.ok(decoded.speed.length > 0 && decoded.speed.every((s) => s.speeds_kmh.length === 60));
  const row = vuImportRow(decoded.rows.import, ids(false));
  t.match(row, { kind: 'VEHICLE_UNIT', status: 'OK', generation: 'GEN2', authenticity: null });
  t.equal(row.card.card_number, null);
  t.equal(row.driver.surname, null);
  t.equal(row.activity_range.from, parseIsoDay(decoded.rows.import.activity_range.from!));
  t.equal(row.vehicle_unit!.authenticity, null);
  t.equal(vuImportRow(decoded.rows.import, ids(true)).status, 'QUARANTINED', 'DRIVERCARD_REQUIRE_VERIFIED');
});

t.test('verified: VERIFIED is OK; INVALID or a TREP cut short quarantines', async (t) => {
  const decoded = await vuFileDecoder(verifier)(bytes);
  t.equal(decoded.rows.import.authenticity!.status, 'VERIFIED');
  t.equal(vuImportRow(decoded.rows.import, ids(true)).status, 'OK');
  const invalid = {
    ...decoded.rows.import,
    authenticity: { ...decoded.rows.import.authenticity!, status: 'INVALID' as const },
  };
  t.equal(vuImportRow(invalid, ids(false)).status, 'QUARANTINED');
  const cut = { ...decoded.rows.import, warnings: [{ code: 'damaged_trep', message: 'cut short' }] };
  t.equal(vuImportRow(cut, ids(false)).status, 'QUARANTINED');
  const empty = { ...decoded.rows.import, activity_range: { from: null, to: null, days: 0 } };
  t.same(vuImportRow(empty, ids(false)).activity_range, { from: null, to: null, days: 0 });
});
