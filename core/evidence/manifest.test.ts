import t from 'tap';
import { createHash } from 'node:crypto';
import type { ImportRow } from '../domain/rows.js';
import type { Hasher } from '../ports/hasher.js';
import {
  bundleFileNames,
  checkBundle,
  documentEntry,
  fileEntry,
  selectImports,
  type EvidenceManifest,
} from './manifest.js';

const hasher: Hasher = {
  sha256Hex: (bytes) => createHash('sha256').update(bytes).digest('hex'),
  sha256HexOfText: (text) => createHash('sha256').update(text).digest('hex'),
};

const row = (id: string, from: number | null, to: number | null, file_name: string | null = `${id}.ddd`) =>
  ({
    import_id: id,
    archive_id: `arch-${id}`,
    file_name,
    content_sha256: 'ab'.repeat(32),
    size_bytes: 3,
    imported_at: 1_767_225_600,
    card: { card_number: 'C1' },
    activity_range: { from, to, days: from === null ? 0 : 1 },
    authenticity: null,
  }) as unknown as ImportRow;

t.test('an import is in the bundle when the checks of the period read it or it has no activity', async (t) => {
  const { included, excluded } = selectImports(
    [
      row('before', 1, 12),
      row('context', 5, 13),
      row('edge-from', 5, 40),
      row('inside', 42, 43),
      row('edge-to', 50, 60),
      row('after', 51, 60),
      row('none', null, null),
    ],
    { from: 40, to: 50 },
  );
  t.same(
    included.map((i) => i.row.import_id),
    ['context', 'edge-from', 'inside', 'edge-to', 'after', 'none'],
  );
  t.match(included.find((i) => i.row.import_id === 'context')!.because, /context/);
  t.match(included.find((i) => i.row.import_id === 'after')!.because, /later download/);
  t.match(included.find((i) => i.row.import_id === 'none')!.because, /no activity records/);
  t.same(
    excluded.map((e) => [e.import_id, e.reason]),
    [['before', 'its activity records end before the weeks the checks read (1970-01-13)']],
  );
});

t.test('file names: plain, clash-safe (case too), the archive id when there is none', async (t) => {
  const names = bundleFileNames([
    { file_name: 'a.ddd', archive_id: 'x' },
    { file_name: 'A.DDD', archive_id: 'y' },
    { file_name: '../../etc/a.ddd', archive_id: 'z' },
    { file_name: null, archive_id: 'arch1' },
    { file_name: 'dir\\..', archive_id: 'arch2' },
    { file_name: 'noext', archive_id: 'w' },
    { file_name: 'noext', archive_id: 'v' },
    { file_name: 'ctl\u0001.c1b', archive_id: 'u' },
  ]);
  t.same(names, ['a.ddd', 'A-2.DDD', 'a-3.ddd', 'arch1.ddd', 'arch2.ddd', 'noext', 'noext-2', 'ctl.c1b']);
});

t.test('an entry names the card, the days, the verdict per EF', async (t) => {
  const withEfs = {
    ...row('i', 20454, 20460),
    authenticity: {
      status: 'INVALID',
      chains: [],
      efs: [{ ef: '0502', application: 'TACHOGRAPH', result: 'INVALID' }],
    },
  } as unknown as ImportRow;
  t.same(fileEntry(withEfs, 'originals/i.ddd', 'why'), {
    path: 'originals/i.ddd',
    kind: 'driver_card',
    import_id: 'i',
    archive_id: 'arch-i',
    file_name: 'i.ddd',
    sha256: 'ab'.repeat(32),
    size_bytes: 3,
    covers: { card_number: 'C1', vin: null, activity_from: '2026-01-01', activity_to: '2026-01-07' },
    imported_at: '2026-01-01T00:00:00Z',
    authenticity: { status: 'INVALID', parts: [{ part: 'EF 0502', application: 'TACHOGRAPH', result: 'INVALID' }] },
    included_because: 'why',
  });
  t.same(fileEntry(row('j', null, null), 'p', 'w').authenticity, { status: 'NOT_CHECKED', parts: [] });
});

t.test('checkBundle: changed, missing and unlisted entries; the manifest itself is not an entry', async (t) => {
  const bytes = new Uint8Array([1, 2, 3]);
  const manifest = {
    files: [{ ...fileEntry(row('i', 1, 2), 'originals/i.ddd', 'w'), sha256: hasher.sha256Hex(bytes) }],
    documents: [documentEntry('findings.json', 'f', bytes, hasher)],
  } as unknown as EvidenceManifest;
  const whole = new Map([
    ['manifest.json', new Uint8Array()],
    ['originals/i.ddd', bytes],
    ['findings.json', bytes],
  ]);
  t.same(checkBundle(manifest, whole, hasher), []);
  const broken = new Map([
    ['originals/i.ddd', new Uint8Array([1, 2, 4])],
    ['other', bytes],
  ]);
  t.same(
    checkBundle(manifest, broken, hasher).map((p) => [p.path, p.problem]),
    [
      ['originals/i.ddd', 'changed'],
      ['findings.json', 'missing'],
      ['other', 'not_listed'],
    ],
  );
  const longer = new Map([...whole, ['findings.json', new Uint8Array([1, 2, 3, 4])]]);
  t.match(checkBundle(manifest, longer, hasher)[0]!.detail, /\(4 bytes\), the manifest says [0-9a-f]{64} \(3 bytes\)/);
});
