import t from 'tap';
import { DddDecodeError } from './api.js';
import { bytes, fill, tlv, u16 } from './testing/bytes.js';
import { readTlvBlocks, streamTlvBlocks, TlvBlockParser, type TlvBlock } from './tlv-stream.js';

const file = bytes(
  tlv(0x0002, 0, fill(25, 1)),
  tlv(0x0520, 0, fill(143, 2)),
  tlv(0x0520, 1, fill(0)),
  tlv(0x0504, 2, fill(300, 3)),
);

function reasonOf(fn: () => unknown): string | null {
  try {
    fn();
  } catch (e) {
    return e instanceof DddDecodeError ? e.reason : 'other';
  }
  return null;
}

async function reasonOfAsync(p: Promise<unknown>): Promise<string | null> {
  try {
    await p;
  } catch (e) {
    return e instanceof DddDecodeError ? e.reason : 'other';
  }
  return null;
}

function plain(blocks: TlvBlock[]) {
  return blocks.map((b) => ({
    fid: b.fid,
    appendix: b.appendix,
    tag: b.tag,
    offset: b.offset,
    value: Array.from(b.value),
  }));
}

async function collect(source: AsyncIterable<TlvBlock>): Promise<TlvBlock[]> {
  const out: TlvBlock[] = [];
  for await (const b of source) out.push(b);
  return out;
}

function* chunked(b: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < b.length; i += size) yield b.slice(i, i + size);
}

t.test('synchronous reader yields views with tags and offsets', async (t) => {
  const blocks = [...readTlvBlocks(file)];
  t.same(
    blocks.map((b) => [b.fid, b.appendix, b.tag, b.value.length, b.offset]),
    [
      [0x0002, 0, 0x000200, 25, 0],
      [0x0520, 0, 0x052000, 143, 30],
      [0x0520, 1, 0x052001, 0, 178],
      [0x0504, 2, 0x050402, 300, 183],
    ],
  );
  t.equal(blocks[1].value.buffer, file.buffer, 'a view, not a copy');
  t.same([...readTlvBlocks(file, file.length)], [], 'start at the end: nothing');
});

t.test('streaming reader gives the same blocks for any chunk size', async (t) => {
  const whole = plain([...readTlvBlocks(file)]);
  for (const size of [1, 2, 3, 4, 5, 6, 7, 29, 30, 31, 144, 1000]) {
    t.same(plain(await collect(streamTlvBlocks(chunked(file, size)))), whole, `chunks of ${size}`);
  }
  t.same(plain(await collect(streamTlvBlocks(file))), whole, 'a Uint8Array source');
  async function* asyncChunks() {
    for (const c of chunked(file, 7)) yield c;
  }
  t.same(plain(await collect(streamTlvBlocks(asyncChunks()))), whole, 'an async iterable');
  t.same(plain(await collect(streamTlvBlocks([new Uint8Array(0), file, new Uint8Array(0)]))), whole, 'empty chunks');
});

t.test('a block is yielded as soon as it is complete', async (t) => {
  const p = new TlvBlockParser();
  const first = file.subarray(0, 30);
  t.same(p.push(first.subarray(0, 29)), []);
  const done = p.push(first.subarray(29));
  t.equal(done.length, 1);
  t.equal(p.position, 30);
  p.push(file.subarray(30, 32));
  t.equal(
    reasonOf(() => p.end()),
    'truncated',
  );
});

t.test('FF FF length is reserved', async (t) => {
  const bad = bytes(tlv(0x0002, 0, fill(3)), u16(0x0520), 0, 0xff, 0xff, fill(10));
  t.equal(
    reasonOf(() => [...readTlvBlocks(bad)]),
    'reserved_length',
  );
  t.equal(await reasonOfAsync(collect(streamTlvBlocks(chunked(bad, 1)))), 'reserved_length');
  t.equal(await reasonOfAsync(collect(streamTlvBlocks([bad]))), 'reserved_length');
});

t.test('a block running past the end is truncated', async (t) => {
  const cut = file.subarray(0, file.length - 1);
  t.throws(() => [...readTlvBlocks(cut)], DddDecodeError);
  t.equal(
    reasonOf(() => [...readTlvBlocks(cut)]),
    'truncated',
  );
  t.equal(await reasonOfAsync(collect(streamTlvBlocks(chunked(cut, 3)))), 'truncated');
  const header = bytes(tlv(0x0002, 0, fill(3)), 0x05, 0x20);
  t.equal(
    reasonOf(() => [...readTlvBlocks(header)]),
    'truncated',
  );
  t.equal(await reasonOfAsync(collect(streamTlvBlocks(chunked(header, 1)))), 'truncated');
});

t.test('audit: a parser started at an offset reports file offsets, as readTlvBlocks(bytes, start) does', async (t) => {
  const prefixed = bytes(0x76, 0x06, file);
  const whole = plain([...readTlvBlocks(prefixed, 2)]);
  const p = new TlvBlockParser(2);
  const streamed: TlvBlock[] = [];
  for (const c of chunked(file, 4)) streamed.push(...p.push(c));
  p.end();
  t.same(plain(streamed), whole);
  t.equal(streamed[0].offset, 2);
  t.equal(p.position, prefixed.length);
  t.ok(Object.isFrozen(new TlvBlockParser().push(bytes(0x00))), 'the shared "no block" result cannot be modified');
});
