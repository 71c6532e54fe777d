import t from 'tap';
import { decodeCodePageString, decodeIa5String, isKnownCodePage } from './code-pages.js';

const bytes = (...b: number[]) => Uint8Array.from(b);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

t.test('Latin-1 with padding', async (t) => {
  const b = bytes(0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x20, 0x00, 0xff);
  t.equal(decodeCodePageString(b, 0, b.length, 1), 'Müller');
  t.equal(decodeCodePageString(b, 1, 2, 1), 'Mü', 'offset and length respected');
});

t.test('Greek (ISO/IEC 8859-7)', async (t) => {
  // ΠΑΠΑΔΟΠΟΥΛΟΣ
  const b = bytes(0xd0, 0xc1, 0xd0, 0xc1, 0xc4, 0xcf, 0xd0, 0xcf, 0xd5, 0xcb, 0xcf, 0xd3, 0x20, 0x20);
  t.equal(decodeCodePageString(b, 0, b.length, 7), 'ΠΑΠΑΔΟΠΟΥΛΟΣ');
  t.equal(decodeCodePageString(bytes(0xe1, 0xe2, 0xe3, 0xf9), 0, 4, 7), 'αβγω');
  t.equal(decodeCodePageString(bytes(0xae), 0, 1, 7), '\uFFFD', 'undefined position');
});

t.test('Cyrillic (ISO/IEC 8859-5) and KOI8', async (t) => {
  // ИВАНОВ
  t.equal(decodeCodePageString(bytes(0xb8, 0xb2, 0xb0, 0xbd, 0xbe, 0xb2), 0, 6, 5), 'ИВАНОВ');
  t.equal(decodeCodePageString(bytes(0xd6, 0xd5, 0xe2, 0xe0), 0, 4, 5), 'жетр');
  // ИВАНОВ in KOI8-R
  t.equal(decodeCodePageString(bytes(0xe9, 0xf7, 0xe1, 0xee, 0xef, 0xf7), 0, 6, 80), 'ИВАНОВ');
  t.equal(decodeCodePageString(bytes(0xa4, 0xb4), 0, 2, 85), 'єЄ', 'KOI8-U Ukrainian letters');
  t.equal(decodeCodePageString(bytes(0xa4), 0, 1, 80), '╓', 'KOI8-R box drawing at 0xA4');
});

t.test('Latin-2 (ISO/IEC 8859-2)', async (t) => {
  // Łódź, Świętochłowice
  t.equal(decodeCodePageString(bytes(0xa3, 0xf3, 0x64, 0xbc), 0, 4, 2), 'Łódź');
  const b = bytes(0xa6, 0x77, 0x69, 0xea, 0x74, 0x6f, 0x63, 0x68, 0xb3, 0x6f, 0x77, 0x69, 0x63, 0x65);
  t.equal(decodeCodePageString(b, 0, b.length, 2), 'Świętochłowice');
  t.equal(decodeCodePageString(bytes(0xa9, 0xe8), 0, 2, 2), 'Šč');
});

t.test('other parts', async (t) => {
  t.equal(decodeCodePageString(bytes(0xa4), 0, 1, 15), '€', '8859-15 euro');
  t.equal(decodeCodePageString(bytes(0xa4), 0, 1, 1), '¤', '8859-1 currency sign');
  t.equal(decodeCodePageString(bytes(0xd0, 0xfe), 0, 2, 9), 'Ğş', '8859-9 Turkish');
  t.equal(decodeCodePageString(bytes(0xaa, 0xba), 0, 2, 16), 'Șș', '8859-16 comma below');
  t.equal(decodeCodePageString(bytes(0xd0), 0, 1, 13), 'Š', '8859-13 Baltic');
});

t.test('no value, blanks and unknown code pages', async (t) => {
  const name = ascii('SMITH');
  t.equal(decodeCodePageString(name, 0, 5, 0), null, 'code page 0');
  t.equal(decodeCodePageString(name, 0, 5, 0xff), null, 'code page FF');
  t.equal(decodeCodePageString(bytes(0x20, 0x20, 0x00), 0, 3, 1), null, 'all padding');
  t.equal(decodeCodePageString(bytes(0xff, 0xff), 0, 2, 1), null, 'all FF');
  t.equal(decodeCodePageString(bytes(), 0, 0, 1), null, 'empty');
  t.equal(decodeCodePageString(name, 3, 10, 1), 'TH', 'length past the end is clipped');
  t.equal(decodeCodePageString(bytes(0x41, 0xe9), 0, 2, 12), 'Aé', 'part 12 decodes as part 1');
  t.equal(decodeCodePageString(bytes(0x41, 0xe9), 0, 2, 42), 'Aé', 'unknown decodes as part 1');
  t.equal(decodeCodePageString(bytes(0x41, 0xe9), 0, 2, 300), 'Aé', 'out of range decodes as part 1');
  for (const cp of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 80, 85]) t.ok(isKnownCodePage(cp), `${cp}`);
  for (const cp of [0, 12, 17, 79, 255, -1, 256]) t.notOk(isKnownCodePage(cp), `${cp} unknown`);
});

t.test('long strings decode whole', async (t) => {
  const long = new Uint8Array(200).fill(0xe9);
  t.equal(decodeCodePageString(long, 0, 200, 1), 'é'.repeat(200));
  t.equal(decodeIa5String(new Uint8Array(300).fill(0x41), 0, 300), 'A'.repeat(300));
  t.equal(decodeIa5String(new Uint8Array(200_000).fill(0x42), 0, 200_000), 'B'.repeat(200_000));
});

t.test('tables agree with the platform decoders on 0xA0–0xFF', async (t) => {
  // WHATWG maps the labels iso-8859-1/9/11 to windows-1252/1254/874, which agree with ISO on 0xA0–0xFF
  // (windows-874 yields private-use code points at positions ISO leaves undefined; those are skipped).
  const labels: Array<[number, string, number]> = [
    [1, 'iso-8859-1', 0xa0],
    [2, 'iso-8859-2', 0xa0],
    [3, 'iso-8859-3', 0xa0],
    [4, 'iso-8859-4', 0xa0],
    [5, 'iso-8859-5', 0xa0],
    [6, 'iso-8859-6', 0xa0],
    [7, 'iso-8859-7', 0xa0],
    [8, 'iso-8859-8', 0xa0],
    [9, 'iso-8859-9', 0xa0],
    [10, 'iso-8859-10', 0xa0],
    [11, 'iso-8859-11', 0xa0],
    [13, 'iso-8859-13', 0xa0],
    [14, 'iso-8859-14', 0xa0],
    [15, 'iso-8859-15', 0xa0],
    [80, 'koi8-r', 0x80],
    [85, 'koi8-u', 0x80],
  ];
  for (const [cp, label, first] of labels) {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label);
    } catch {
      t.comment(`platform has no ${label}; not cross-checked`);
      continue;
    }
    let mismatches = 0;
    let checked = 0;
    for (let b = first; b <= 0xfe; b++) {
      const expected = decoder.decode(bytes(b));
      // undefined positions: U+FFFD, or (windows-874) a private-use code point
      if (expected === '\uFFFD' || (expected >= '\uE000' && expected <= '\uF8FF')) continue;
      // our decoder trims 0xFF as padding, so 0xFF is checked separately below
      const ours = decodeCodePageString(bytes(0x41, b, 0x41), 0, 3, cp);
      checked++;
      if (ours !== `A${expected}A`) {
        mismatches++;
        t.fail(`code page ${cp} byte 0x${b.toString(16)}: ${ours} vs ${expected}`);
      }
    }
    const ff = decoder.decode(bytes(0xff));
    if (ff !== '\uFFFD' && !(ff >= '\uE000' && ff <= '\uF8FF'))
      t.equal(decodeCodePageString(bytes(0x41, 0xff, 0x41), 0, 3, cp), `A${ff}A`);
    t.equal(mismatches, 0, `${label}: ${checked} positions agree`);
    t.ok(checked > 40, `${label}: enough positions checked`);
  }
  // ISO/IEC 8859-16 is not in WHATWG; spot-check a few positions from the standard.
  t.equal(decodeCodePageString(bytes(0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6), 0, 6, 16), 'ĄąŁ€„Š');
  t.equal(decodeCodePageString(bytes(0xde, 0xfe, 0xc3, 0xe3), 0, 4, 16), 'ȚțĂă');
});

t.test('IA5String', async (t) => {
  t.equal(decodeIa5String(ascii('DRIVER0000000100'), 0, 16), 'DRIVER0000000100');
  t.equal(decodeIa5String(ascii('  AB 12  '), 0, 9), 'AB 12', 'inner spaces kept');
  t.equal(decodeIa5String(bytes(0x41, 0x42, 0x00, 0x00), 0, 4), 'AB');
  t.equal(decodeIa5String(bytes(0, 0, 0), 0, 3), null);
  t.equal(decodeIa5String(bytes(0xff, 0xff), 0, 2), null);
  t.equal(decodeIa5String(bytes(0x20), 0, 1), null);
  t.equal(decodeIa5String(bytes(0x41, 0xe9, 0x7f), 0, 3), 'A\uFFFD\uFFFD', 'non-ASCII bytes are flagged');
  t.equal(decodeIa5String(ascii('XYZ'), 1, 1), 'Y');
});
