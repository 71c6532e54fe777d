/**
 * The fleet port's text search and counts at the edges (./fleet-store.suite.ts runs them on each database): the
 * trigram index must answer exactly what the scan did (lengths 1–2, `%`, `_`, quotes, Unicode, case, NUL) and
 * follow renamed and removed rows; the counters kept beside the rows must equal the rows' counts after every write.
 */
import { emptyFindingCounts, type FleetCardRecord } from '../core/fleet/fleet-card.js';
import { DAY, NOW, TODAY, fleetRecord, query, type FleetUnderTest, type Tap } from './fleet-records.js';

type WithFleet = (title: string, body: (t: Tap, under: FleetUnderTest) => Promise<void>) => void;

export function fleetSearchCountsCases(withFleet: WithFleet): void {
  withFleet(
    'text search: anywhere in surname, first names or card number, any length, case-folded, pattern and query characters literal',
    async (t, { fleet }) => {
      await fleet.saveFleetCard(fleetRecord('DE00000012345678', { surname: 'Müller', first_names: 'Hans Peter' }));
      await fleet.saveFleetCard(fleetRecord('BG00000087654321', { surname: 'Иванов', first_names: 'Пётр' }));
      await fleet.saveFleetCard(fleetRecord('IE00000011111111', { surname: "O'Brien", first_names: 'Seán "Jack"' }));
      await fleet.saveFleetCard(fleetRecord('FI00000022222222', { surname: '50%_off', first_names: 'AND OR NEAR' }));
      await fleet.saveFleetCard(fleetRecord('NONAME0000000005'));
      const found = async (q: string, limit = 500) =>
        (
          await fleet.listFleetCards(
            query({
              filter: { q, overdue: null, expiring_within_days: null },
              sort: 'card_number',
              page: { limit, offset: 0 },
            }),
          )
        ).items.map((r) => r.card_number);
      const total = async (q: string) =>
        (
          await fleet.listFleetCards(
            query({ filter: { q, overdue: null, expiring_within_days: null }, page: { limit: 1, offset: 0 } }),
          )
        ).total;
      t.same(await found('ü'), ['DE00000012345678'], 'one character, not ASCII');
      t.same(await found('M'), ['DE00000012345678', 'NONAME0000000005'], 'one letter, case-folded (noname…)');
      t.same(await found('ll'), ['DE00000012345678'], 'two characters');
      t.same(await found('00'), [
        'BG00000087654321',
        'DE00000012345678',
        'FI00000022222222',
        'IE00000011111111',
        'NONAME0000000005',
      ]);
      t.same(await found('MÜLLER'), ['DE00000012345678'], 'upper-case query, lower-case stored, beyond ASCII');
      t.same(await found('muller'), [], 'accents are not dropped');
      t.same(await found('иванов'), ['BG00000087654321']);
      t.same(await found('ИВА'), ['BG00000087654321'], 'Cyrillic, three letters, upper case');
      t.same(await found('пётр'), ['BG00000087654321'], 'first names');
      t.same(await found('ter'), ['DE00000012345678'], 'inside the second first name');
      t.same(await found('  hans peter  '), ['DE00000012345678'], 'trimmed; the space inside kept');
      t.same(await found('hanspeter'), []);
      t.same(await found("o'b"), ['IE00000011111111'], 'single quote');
      t.same(await found('"jack"'), ['IE00000011111111'], 'double quotes are text, not a phrase');
      t.same(await found('"'), ['IE00000011111111']);
      t.same(await found('%'), ['FI00000022222222'], '% is literal');
      t.same(await found('_'), ['FI00000022222222'], '_ is literal');
      t.same(await found('0%_o'), ['FI00000022222222']);
      t.same(await found('%_'), ['FI00000022222222']);
      t.same(await found('%_%'), [], 'literal: no second %');
      t.same(await found('5_%'), [], 'no wildcard: 5 is followed by %');
      t.same(await found('!'), [], 'the escape character is literal too');
      t.same(await found('and or'), ['FI00000022222222'], 'query-language words are text');
      t.same(await found('or*'), []);
      t.same(await found('12345678'), ['DE00000012345678'], 'inside the card number');
      t.same(await found('de00000012345678'), ['DE00000012345678'], 'the whole card number, case-folded');
      t.same(await found('0000001'), ['DE00000012345678', 'IE00000011111111']);
      t.same(await found('müller\u0000'), [], 'a NUL character matches no row (none can hold one)');
      t.same(await found('00', 2), ['BG00000087654321', 'DE00000012345678'], 'paged');
      t.same([await total('00'), await total('ll'), await total('ива'), await total('zzz')], [5, 1, 1, 0], 'counts');
    },
  );

  withFleet(
    'text search in a fleet whose card numbers share most characters: rare and common trigrams, none, not adjacent',
    async (t, { fleet }) => {
      // 70 rows: more than one trigram's probe reads on SQLite (fleet-search.ts), so common trigrams are cut there
      const cards = Array.from({ length: 70 }, (_, i) => `LOTS${String(i).padStart(12, '0')}`);
      for (const card of cards) await fleet.saveFleetCard(fleetRecord(card, { surname: 'Common', first_names: 'Ann' }));
      await fleet.saveFleetCard(fleetRecord('ODD0000000000001', { surname: 'Abcxbcd', first_names: 'Ann' }));
      const long = 'Wolfeschlegelsteinhausenbergerdorff';
      await fleet.saveFleetCard(fleetRecord('ODD0000000000002', { surname: long, first_names: 'Ann' }));
      const list = async (q: string, limit = 500, offset = 0) => {
        const filter = { q, overdue: null, expiring_within_days: null };
        const slice = await fleet.listFleetCards(query({ filter, sort: 'card_number', page: { limit, offset } }));
        return { cards: slice.items.map((r) => r.card_number), total: slice.total };
      };
      t.same(await list('lots000000000017'), { cards: ['LOTS000000000017'], total: 1 }, 'common and rare trigrams');
      t.same(await list('lots000000000069'), { cards: ['LOTS000000000069'], total: 1 }, 'beyond a cut list');
      t.same(await list('00010'), { cards: ['LOTS000000000010'], total: 1 });
      t.same(await list('lots000000000099'), { cards: [], total: 0 }, 'a trigram no row holds');
      t.same((await list('lots00000000')).total, 70, 'every trigram common');
      t.same((await list('common')).total, 70);
      t.same(
        await list('ann', 3, 69),
        { cards: ['LOTS000000000069', 'ODD0000000000001', 'ODD0000000000002'], total: 72 },
        'paged',
      );
      t.same(await list(long), { cards: ['ODD0000000000002'], total: 1 }, 'a query of many trigrams');
      t.same(await list(`${long}s`), { cards: [], total: 0 });
      t.same(await list('abcd'), { cards: [], total: 0 }, 'every trigram held by one row, not next to each other');
      t.same(await list('bcxb'), { cards: ['ODD0000000000001'], total: 1 });
    },
  );

  withFleet('text search follows the rows: a renamed holder, a removed card', async (t, { fleet }) => {
    const found = async (q: string) =>
      (await fleet.listFleetCards(query({ filter: { q, overdue: null, expiring_within_days: null } }))).items.map(
        (r) => r.card_number,
      );
    await fleet.saveFleetCard(fleetRecord('CARD000000000001', { surname: 'Virtanen', first_names: 'Aino' }));
    await fleet.saveFleetCard(fleetRecord('CARD000000000002', { surname: 'Korhonen', first_names: 'Aino' }));
    t.same(await found('virtanen'), ['CARD000000000001']);
    await fleet.saveFleetCard(fleetRecord('CARD000000000001', { surname: 'Nieminen', first_names: 'Aino' }));
    t.same(await found('virtanen'), [], 'the old name is gone');
    t.same(await found('nieminen'), ['CARD000000000001'], 'the new one found');
    await fleet.saveFleetCard(
      fleetRecord('CARD000000000001', { surname: 'Nieminen', first_names: 'Aino', imports: 2 }),
    );
    t.same(await found('nieminen'), ['CARD000000000001'], 'saved again with the same name');
    await fleet.removeFleetCard('CARD000000000002');
    t.same(await found('aino'), ['CARD000000000001'], 'a removed card is not found');
    t.same(await found('korhonen'), []);
  });

  withFleet(
    'the counts follow every write: rows saved, moved across days and thresholds, re-evaluated and removed',
    async (t, { fleet }) => {
      // a fixed pseudo-random walk (no Math.random): last downloads around the overdue threshold (to the second,
      // across UTC midnights), expiries around today, findings and evaluation changing, cards removed
      let seed = 7;
      const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
      const threshold = NOW - 28 * DAY;
      const saved = new Map<string, FleetCardRecord>();
      const expected = () => {
        const rows = [...saved.values()];
        const download = (r: FleetCardRecord) => r.card_download_s ?? r.activity_end_s;
        return {
          drivers: rows.length,
          overdue: rows.filter((r) => download(r) !== null && download(r)! < threshold).length,
          expiring_30d: rows.filter((r) => r.expiry_day !== null && r.expiry_day >= TODAY && r.expiry_day <= TODAY + 30)
            .length,
          expired: rows.filter((r) => r.expiry_day !== null && r.expiry_day < TODAY).length,
          with_infringements: rows.filter((r) => r.findings_evaluated && r.findings.VIOLATION > 0).length,
          not_evaluated: rows.filter((r) => !r.findings_evaluated).length,
        };
      };
      for (let step = 0; step < 120; step++) {
        const card = `WALK${String(next(25)).padStart(12, '0')}`;
        if (next(6) === 0) {
          await fleet.removeFleetCard(card);
          saved.delete(card);
        } else {
          const offsets = [-DAY - 1, -1, 0, 1, DAY, -3 * DAY, 40 * DAY];
          const record = fleetRecord(card, {
            card_download_s: next(3) === 0 ? null : threshold + offsets[next(offsets.length)]! + next(2) * 3600,
            activity_end_s: next(2) === 0 ? null : threshold - 5 * DAY + next(10) * DAY,
            expiry_day: next(4) === 0 ? null : TODAY - 3 + next(40),
            findings: { ...emptyFindingCounts(), VIOLATION: next(3) },
            findings_evaluated: next(5) !== 0,
          });
          await fleet.saveFleetCard(record);
          saved.set(card, record);
        }
        if (step % 10 === 9) {
          t.same(await fleet.fleetCounts(NOW), expected(), `after step ${step}`);
          t.equal((await fleet.listFleetCards(query())).total, saved.size, 'the unfiltered total');
        }
      }
      for (const card of [...saved.keys()]) await fleet.removeFleetCard(card);
      t.same(await fleet.fleetCounts(NOW), {
        drivers: 0,
        overdue: 0,
        expiring_30d: 0,
        expired: 0,
        with_infringements: 0,
        not_evaluated: 0,
      });
    },
  );
}
