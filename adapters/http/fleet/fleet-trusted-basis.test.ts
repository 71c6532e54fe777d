/**
 * Quarantine that does not block verified data ("Selecting the data basis", API contract): a one-byte-changed copy
 * of a verified download, imported beside it, is QUARANTINED and left out of every trusted operation on the card
 * basis (named as left out), so the driver's findings stay as they were and the fleet row stays evaluated; an
 * import_id basis naming the copy is still refused, and include_quarantined still brings it in, marked. A tampered
 * later download's days that no verified import covers are data gaps. Files: the demo fleet (fixtures' encoder,
 * signed by the test PKI the verifier trusts).
 */
import t from 'tap';
import { CardAuthenticityVerifier, buildTrustStore } from '../../../core/authenticity/index.js';
import { NodeSignatureCrypto } from '../../crypto/node-signature-crypto.js';
import { demoFleetFiles, demoTrustFiles } from '../../../composition/demo/demo-fleet.js';
import { dddService } from '../testing/ddd-service.js';

const TODAY = '2026-03-25';
const CARD = 'PL00000000020001'; // the demo's driver with a long driving day, last day 22 March
const WEEKS = 'date_from=2026-03-02&date_to=2026-03-22';

function verifier() {
  const crypto = new NodeSignatureCrypto();
  return new CardAuthenticityVerifier(crypto, buildTrustStore(demoTrustFiles(), crypto).store);
}

function fileOf(today: string): Uint8Array {
  return demoFleetFiles(today).find((f) => f.name.startsWith('marek-nowak'))!.bytes;
}

/** The same bytes with the last one changed (inside the last EF's signature). */
function tampered(bytes: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[copy.length - 1] = copy[copy.length - 1]! ^ 0x01;
  return copy;
}

const findingKeys = (items: any[]) => items.map((f) => `${f.source} ${f.rule} ${f.status} ${f.start} ${f.end}`);

t.test('a tampered copy beside a verified download leaves the findings as they were, naming the copy', async (t) => {
  const service = await dddService(`${TODAY}T12:00:00Z`, null, null, verifier());
  t.teardown(() => service.close());
  const json = async (path: string) => {
    const res = await service.get(path);
    return { status: res.status, body: (await res.json()) as any };
  };
  const verified = await service.importFile(fileOf(TODAY));
  t.match(verified, { status: 'OK', authenticity: { status: 'VERIFIED' } });
  const findingsBefore = await json(`/api/drivercard/findings?card_number=${CARD}&${WEEKS}`);
  t.equal(findingsBefore.status, 200);
  t.ok(findingsBefore.body.total > 0, 'the long driving day is a finding');
  t.equal(findingsBefore.body.left_out_imports, undefined, 'nothing left out yet');
  const rowBefore = (await json('/api/drivercard/drivers')).body.items[0];

  const copy = await service.importFile(tampered(fileOf(TODAY)));
  t.match(copy, { status: 'QUARANTINED', authenticity: { status: 'INVALID' } });
  const leftOut = [{ import_id: copy.import_id, file_name: copy.file_name, reason: 'authenticity_invalid' }];

  const findings = await json(`/api/drivercard/findings?card_number=${CARD}&${WEEKS}`);
  t.equal(findings.status, 200, 'the card basis is checked');
  t.same(findingKeys(findings.body.items), findingKeys(findingsBefore.body.items), 'the same findings');
  t.same(findings.body.left_out_imports, leftOut, 'the copy named as left out, with why');
  const precheck = await json(`/api/drivercard/eu561/violations?card_number=${CARD}&${WEEKS}`);
  t.equal(precheck.status, 200);
  t.same(precheck.body.basis.import_ids, [verified.import_id], 'only the verified import is read');
  t.same(precheck.body.basis.left_out_imports, leftOut);
  t.same(precheck.body.data_gaps, [], 'the verified import covers every day: no gap');
  const ahead = await json(
    `/api/drivercard/eu561/violations?card_number=${CARD}&date_from=2026-03-16&date_to=2026-03-29`,
  );
  t.same(ahead.body.data_gaps, [], 'no gap after the download (22 March 18:00), in the future or not');
  const working = await json(`/api/drivercard/working-time?card_number=${CARD}&${WEEKS}`);
  t.same([working.status, working.body.basis.left_out_imports], [200, leftOut], 'working time alike');

  const row = (await json('/api/drivercard/drivers')).body.items[0];
  t.same(
    { ...row, imports: rowBefore.imports, quarantined_imports: rowBefore.quarantined_imports },
    rowBefore,
    'the fleet row is evaluated as before',
  );
  t.match(row, { imports: 2, quarantined_imports: 1, findings_4w_evaluated: true });

  const own = await json(`/api/drivercard/eu561/violations?import_id=${copy.import_id}`);
  t.same([own.status, own.body.error], [409, 'quarantined_data'], 'the copy itself is still refused');
  const marked = await json(`/api/drivercard/eu561/violations?card_number=${CARD}&${WEEKS}&include_quarantined=true`);
  t.equal(marked.status, 200);
  t.same(marked.body.basis.untrusted_imports, [copy.import_id], 'include_quarantined brings it in, marked');
  t.equal(marked.body.basis.left_out_imports, undefined, 'nothing is left out then');
  t.same(service.errors, []);
});

t.test('the days only a quarantined download covers are data gaps; a card of only such data is refused', async (t) => {
  const service = await dddService(`${TODAY}T12:00:00Z`, null, null, verifier());
  t.teardown(() => service.close());
  const verified = await service.importFile(fileOf(TODAY));
  // a later download (last day 24 March) tampered with: 23 and 24 March only it holds
  const later = await service.importFile(tampered(fileOf('2026-03-27')));
  t.equal(later.status, 'QUARANTINED');
  for (const range of ['date_from=2026-03-16&date_to=2026-03-29', 'date_from=2026-03-16']) {
    const res = await service.get(`/api/drivercard/eu561/violations?card_number=${CARD}&${range}`);
    const body = (await res.json()) as any;
    t.equal(res.status, 200, range);
    t.same(body.basis.import_ids, [verified.import_id]);
    t.same(
      body.data_gaps.map((g: any) => [g.start, g.end]),
      [['2026-03-22T18:00:00Z', '2026-03-25T00:00:00Z']],
      `${range}: from the verified download to the end of the left-out days, not beyond`,
    );
  }
  const only = await service.get(`/api/drivercard/eu561/violations?card_number=${CARD}&date_from=2026-03-23`);
  t.same(
    [only.status, ((await only.json()) as any).import_ids],
    [409, [later.import_id]],
    'days only quarantined data holds: nothing trusted to check',
  );
  t.same(service.errors, []);
});
