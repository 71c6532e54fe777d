import t from 'tap';
import { NodeCryptoHasher } from './node-crypto-hasher.js';
import { RandomIdGenerator } from './random-id-generator.js';

t.test('sha256 of known inputs', async (t) => {
  const hasher = new NodeCryptoHasher();
  t.equal(hasher.sha256Hex(new Uint8Array()), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  t.equal(
    hasher.sha256Hex(new TextEncoder().encode('abc')),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
  const buffer = new Uint8Array([9, 9, 0x61, 0x62, 0x63, 9]);
  t.equal(hasher.sha256Hex(buffer.subarray(2, 5)), hasher.sha256Hex(new TextEncoder().encode('abc')), 'respects views');
  t.equal(
    hasher.sha256HexOfText('abc'),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    'text: its UTF-8 bytes',
  );
  t.equal(hasher.sha256HexOfText('é'), hasher.sha256Hex(new TextEncoder().encode('é')), 'text beyond ASCII as UTF-8');
});

t.test('import ids are unique and well-formed', async (t) => {
  const ids = new RandomIdGenerator();
  const seen = new Set<string>();
  for (let i = 0; i < 1000; i++) seen.add(ids.newImportId());
  t.equal(seen.size, 1000);
  for (const id of seen) t.match(id, /^imp_[0-9a-f]{26}$/);
});
