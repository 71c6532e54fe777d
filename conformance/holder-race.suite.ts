/**
 * The holder check under parallel imports: two imports of a NEW card number naming different holders, sent at the
 * same time, must end exactly as the same two sent one after the other — the first one stored keeps its status
 * (the card's holder), the other gets `holder_mismatch` and is QUARANTINED. The check reads the stored holder
 * inside the save's transaction, under the card's lock (adapters/storage/imports/import-save.ts); read before
 * it, both imports saw no holder and both were accepted.
 * Run by use-cases-sqlite.test.ts, storage-postgres.test.ts and postgres-processes.test.ts (two stores, one
 * database: the two imports of each pair go to different stores).
 */
import type { TAP } from 'tap';
import { NodeCryptoHasher } from '../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../adapters/crypto/random-id-generator.js';
import type { ParsedCard } from '../core/domain/rows.js';
import { withDayRecords } from '../core/use-cases/decode-card-file.js';
import { ImportDddFile } from '../core/use-cases/import-ddd-file.js';
import { buildParsedCard, datesFrom, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import type { ClosableStore } from './new-import.js';

type Tap = Parameters<Parameters<TAP['test']>[0]>[0];

const ROUNDS = 8;

/** An importer whose "decoder" looks the bytes (a name) up in a table of built cards. */
function importerOf(store: ClosableStore, cards: Map<string, ParsedCard>): ImportDddFile {
  let clock = Date.parse('2026-03-10T08:00:00Z');
  return new ImportDddFile({
    store,
    hasher: new NodeCryptoHasher(),
    clock: { now: () => new Date((clock += 1000)) },
    ids: new RandomIdGenerator(),
    decodeCard: withDayRecords(
      async (content) => structuredClone(cards.get(new TextDecoder().decode(content))!),
      new NodeCryptoHasher(),
    ),
  });
}

/** Two downloads of one card number under different holders (ANNA ERSTE, then BERTA ZWEITE), on different days. */
function pairOf(cards: Map<string, ParsedCard>, cardNumber: string): [Uint8Array, Uint8Array] {
  const files = (['ERSTE', 'ZWEITE'] as const).map((surname, i) => {
    const name = `${cardNumber}-${surname}`;
    const days = datesFrom(i === 0 ? '2026-02-01' : '2026-02-15', 7).map((d) => workingDay(d));
    cards.set(name, buildParsedCard({ card_number: cardNumber, surname, days }));
    return new TextEncoder().encode(name);
  });
  return [files[0]!, files[1]!];
}

/** The card's imports in storage order: [surname, status, warning codes]. */
async function outcome(store: ClosableStore, cardNumber: string): Promise<Array<[string | null, string, string[]]>> {
  const listed = await store.listImports(
    { card_number: cardNumber, range: { from: null, to: null } },
    { limit: 10, offset: 0 },
  );
  return listed.items.map((row) => [row.driver.surname, row.status, row.warnings.map((w) => w.code)]);
}

export function holderRaceSuite(t: Tap, name: string, makeStore: () => Promise<ClosableStore>): void {
  t.test(`${name}: two parallel imports of a new card under different holders end as a sequential pair`, async (t) => {
    const store = await makeStore();
    t.teardown(() => store.close());
    const cards = new Map<string, ParsedCard>();
    const importer = importerOf(store, cards);
    const [first, second] = pairOf(cards, 'HOLDERSEQ0000001');
    await importer.parse({ file_name: 'a', archive_id: null, content: first });
    await importer.parse({ file_name: 'b', archive_id: null, content: second });
    const sequential = await outcome(store, 'HOLDERSEQ0000001');
    t.same(
      sequential,
      [
        ['ERSTE', 'OK', []],
        ['ZWEITE', 'QUARANTINED', ['holder_mismatch']],
      ],
      'one after the other: the second holder is flagged',
    );
    for (let round = 0; round < ROUNDS; round++) {
      const card = `HOLDERRACE${String(round).padStart(6, '0')}`;
      const pair = pairOf(cards, card);
      const answers = await Promise.all(
        pair.map((content, i) => importer.parse({ file_name: `r${i}`, archive_id: null, content })),
      );
      const stored = await outcome(store, card);
      // whichever was stored first is the card's holder; the other one is flagged, as in the sequential pair
      const [winner, loser] = stored;
      t.same(
        [winner?.slice(1), loser?.slice(1)],
        [sequential[0]!.slice(1), sequential[1]!.slice(1)],
        `round ${round}: one OK, one holder_mismatch`,
      );
      const flagged = answers.filter((a) => a.warnings.some((w) => w.code === 'holder_mismatch'));
      t.equal(flagged.length, 1, `round ${round}: one answer says holder_mismatch`);
      t.equal(flagged[0]?.driver.surname, loser?.[0], `round ${round}: the answer flagged is the one stored second`);
      t.same(
        await store.storedHolder(card),
        { surname: winner?.[0], first_names: 'TEST', birth_date: '1980-05-05' },
        `round ${round}: the stored holder is the first one's`,
      );
    }
  });
}
