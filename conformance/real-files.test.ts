/**
 * Real files: the independent chain walk (./chain-walk.ts) against the decoder on every fixture and on
 * the real samples; the odd-date and missing-EF fixtures; the real samples' answers through the response schemas.
 * The real samples' personal data is never printed: messages carry counts, offsets and dates only.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DddDecodeError, decodeDddBytes } from '../core/decoder/index.js';
import { toParsedCard } from '../core/rows/to-parsed-card.js';
import { importStatusOf } from '../core/use-cases/quarantine-policy.js';
import { ODD_DATE_INDEX, ODD_DATE_RECORDS } from '../fixtures/scenarios/real-files.js';
import { chainCheck, walkChains } from './chain-walk.js';
import { reportMissingDependency } from './missing-dependency.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/ddd/', import.meta.url));
const SAMPLES = process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../shared/samples/', import.meta.url));
const read = (dir: string, name: string): Uint8Array => new Uint8Array(readFileSync(join(dir, name)));

function decodable(bytes: Uint8Array): ReturnType<typeof decodeDddBytes> | null {
  try {
    return decodeDddBytes(bytes);
  } catch (e) {
    if (e instanceof DddDecodeError) return null;
    throw e;
  }
}

/** The `.ddd` files of a folder the decoder reads (name order), with their bytes and decoded card. */
function* decodableFiles(dir: string) {
  const names = readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.ddd'))
    .sort();
  for (const name of names) {
    const bytes = read(dir, name);
    const card = decodable(bytes);
    if (card !== null) yield { name, bytes, card };
  }
}

t.test('the independent chain walk agrees with the decoder on every fixture', async (t) => {
  let checked = 0;
  for (const { name, bytes, card } of decodableFiles(FIXTURES)) {
    checked++;
    t.same(chainCheck(bytes, card), [], `${name}: every record the chain holds is served`);
  }
  t.ok(checked >= 13, `${checked} decodable fixtures checked`);
});

t.test('real-odd-date: all 52 records reached and served, only the odd one flagged', async (t) => {
  const bytes = read(FIXTURES, 'real-odd-date.ddd');
  const [chain] = walkChains(bytes);
  t.equal(chain!.records.length, ODD_DATE_RECORDS, 'the chain holds 52 records');
  t.equal(chain!.broken, false);
  const card = decodeDddBytes(bytes);
  const days = card.gen1!.driverActivity!.days;
  t.equal(days.length, ODD_DATE_RECORDS, 'all 52 served');
  const odd = chain!.records[ODD_DATE_INDEX]!;
  t.same(
    card.warnings.map((w) => w.code),
    ['activity_record_out_of_sequence'],
  );
  t.match(
    card.warnings[0]!.message,
    `offset ${odd.offset} is dated ${new Date(odd.date * 1000).toISOString().slice(0, 10)}`,
  );
  t.equal(days[0]!.offset, odd.offset, 'the odd (older) record is served first, in date order');
  const parsed = toParsedCard(card);
  t.equal(parsed.metadata.activity_range.days, 52);
  t.equal(importStatusOf(parsed.metadata.warnings), 'OK', 'an odd date alone does not quarantine');
});

t.test('real-missing-efs: one missing_ef per mandatory data EF, QUARANTINED', async (t) => {
  const card = decodeDddBytes(read(FIXTURES, 'real-missing-efs.ddd'));
  const missing = card.warnings
    .filter((w) => w.code === 'missing_ef')
    .map((w) => /EF (\S+) \(DF Tachograph\)/.exec(w.message)?.[1]);
  t.same(missing, [
    'Events_Data',
    'Faults_Data',
    'Driver_Activity_Data',
    'Vehicles_Used',
    'Places',
    'Control_Activity_Data',
    'Specific_Conditions',
  ]);
  t.same(
    card.warnings.filter((w) => w.code !== 'missing_ef'),
    [],
    'nothing else',
  );
  t.equal(importStatusOf(toParsedCard(card).metadata.warnings), 'QUARANTINED');
  t.equal(toParsedCard(card).metadata.card.card_number, 'DF00000123456001', 'the card is still filed');
});

t.test('a complete download has no missing_ef; signatures and certificates alone never quarantine', async (t) => {
  const basic = read(FIXTURES, 'gen1-basic.ddd');
  t.same(decodeDddBytes(basic).warnings, []);
  const noSig = decodeDddBytes(read(FIXTURES, 'corrupt-missing-signature.ddd'));
  t.same(
    noSig.warnings.map((w) => w.code),
    ['signature_missing'],
  );
  t.equal(importStatusOf(noSig.warnings), 'OK');
});

if (!existsSync(SAMPLES)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${SAMPLES} does not exist; the real-file chain checks did not run.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  t.test('real samples: the independent chain walk agrees, no damaged_* warning', async (t) => {
    let cards = 0;
    for (const { name, bytes, card } of decodableFiles(SAMPLES)) {
      cards++;
      const problems = chainCheck(bytes, card);
      t.same(problems, [], `${name}: every record the chain holds is served`);
      const held = walkChains(bytes).reduce((n, c) => n + c.records.length, 0);
      t.comment(`${name}: ${held} records in the chain(s), ${card.warnings.length} warnings`);
      t.same(
        card.warnings.filter((w) => w.code.startsWith('damaged_') || w.code === 'missing_ef').map((w) => w.code),
        [],
        `${name}: no damaged_* or missing_ef`,
      );
    }
    t.ok(cards >= 2, `${cards} card samples`);
  });
}
