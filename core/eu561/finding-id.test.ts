import t from 'tap';
import { findingId, sha256Hex } from './finding-id.js';

t.test('SHA-256 matches the FIPS 180-4 test vectors', async (t) => {
  t.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  t.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  t.equal(
    sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  );
  // non-ASCII and several blocks (expected values from sha256sum / Python's hashlib)
  t.equal(sha256Hex('Müller'), 'a78429899bb825ce667d25d92e2cde488f8a7d6871bb2be7365601cad6b0a8f2');
  t.equal(
    sha256Hex('x'.repeat(200)),
    'aa20c23e3201834050679e1d88941b9a6fed0557c9a705cb2c315e2e63fd486d',
    'several blocks',
  );
  t.equal(sha256Hex('Иванов'), '37f3ddd46f2434ef1d2581a98a6d538bdace6a39e69599b55bb8c35e9ff1a828');
  // the scratch words are reused: a short text after a long one, and a surrogate pair (4 UTF-8 bytes)
  t.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'after a longer one');
  t.equal(
    sha256Hex('😀'),
    'f0443a342c5ef54783a111b51ba56c938e474c32324d90c3a60c9c8e3a37e2d9',
    'a code point over U+FFFF',
  );
});

t.test('findingId: stable, and different for every identifying part', async (t) => {
  const base = findingId('DTEST00000000001', 'daily_rest', 100, 200, 'eu561-2024.1');
  t.match(base, /^f_[0-9a-f]{20}$/);
  t.equal(findingId('DTEST00000000001', 'daily_rest', 100, 200, 'eu561-2024.1'), base);
  const others = [
    findingId('DTEST00000000002', 'daily_rest', 100, 200, 'eu561-2024.1'),
    findingId('DTEST00000000001', 'weekly_rest', 100, 200, 'eu561-2024.1'),
    findingId('DTEST00000000001', 'daily_rest', 101, 200, 'eu561-2024.1'),
    findingId('DTEST00000000001', 'daily_rest', 100, 201, 'eu561-2024.1'),
    findingId('DTEST00000000001', 'daily_rest', 100, 200, 'eu561-2024.2'),
  ];
  t.equal(new Set([base, ...others]).size, 6);
});
