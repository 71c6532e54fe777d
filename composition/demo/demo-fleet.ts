/**
 * A generated demo fleet: four drivers' card downloads of the last weeks, encoded by the project's own DDD encoder
 * (fixtures/encoder) and signed by its demo PKI (fixtures/pki/test-pki.ts), so that a data folder trusting that PKI
 * shows VERIFIED imports, a finding, a download overdue and one due soon, and a card about to expire. Everything is
 * generated at run time relative to `today` (no binary file is shipped); the same `today` gives the same files
 * (gen2 signatures aside: ECDSA nonces are random, the verification results are not).
 *
 * The drivers (days ending relative to today, a Monday-to-Friday week, weekends at rest):
 * - Anna Berger (gen1): 21 days ending yesterday, downloaded yesterday evening; no finding.
 * - Marek Nowak (gen2): 21 days ending 3 days ago, downloaded then; on the Wednesday of the last full week
 *   he drove 11 h (4 h 30 + 4 h 30 + 2 h with 45 min breaks): more than the 10 h a daily driving time may
 *   be extended to (Regulation (EC) No 561/2006, Art. 6(1)) — one daily_driving violation.
 * - Jürgen Müller (gen1): 14 days ending 35 days ago, downloaded then: the next download was due 28 days later
 *   (Regulation (EU) No 581/2010, Art. 1(2)(b)), 7 days ago — overdue.
 * - Sofia Rossi (gen2): 21 days ending 24 days ago, downloaded then (due in 4 days); her card expires in 20 days.
 */
import { GEN1_MAX, GEN2 } from '../../fixtures/encoder/capacities.js';
import { encodeCard } from '../../fixtures/encoder/encode-card.js';
import type { CardScenario, Change, Day, Text } from '../../fixtures/encoder/model.js';
import { NATION } from '../../fixtures/encoder/nations.js';
import { addDays, at, dayStart, isoDate } from '../../fixtures/encoder/time.js';
import { signDdd, testTrustFiles, withCardDownload } from '../../fixtures/pki/test-pki.js';
import { baseScenario, ch, day, reg } from '../../fixtures/scenarios/build.js';

export interface DemoFile {
  name: string;
  bytes: Uint8Array;
}

export const latin = (text: string): Text => ({ codePage: 1, text });

/** An ordinary working day: 7 h 30 min of driving in two spells around a 45 min break, 15 h of daily rest. */
const WORKING_DAY = [
  ch('00:00', 'R'),
  ch('06:00', 'W'),
  ch('06:15', 'D'),
  ch('10:15', 'R'),
  ch('11:00', 'D'),
  ch('14:30', 'W'),
  ch('15:00', 'R'),
];
/** 11 h of driving: 04:00–08:30, 09:15–13:45 and 14:30–16:30, breaks of 45 min after each 4 h 30 min. */
const LONG_DAY = [
  ch('00:00', 'R'),
  ch('04:00', 'D'),
  ch('08:30', 'R'),
  ch('09:15', 'D'),
  ch('13:45', 'R'),
  ch('14:30', 'D'),
  ch('16:30', 'W'),
  ch('17:00', 'R'),
];
const REST_DAY = [ch('00:00', 'R')];

export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday

/** `count` days ending at `last`: working days Monday to Friday, rest at weekends; `special` replaces given dates. */
function days(last: string, count: number, special: ReadonlyMap<string, Change[]> = new Map()): Day[] {
  const out: Day[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const date = addDays(last, -i);
    const changes = special.get(date) ?? (weekday(date) === 0 || weekday(date) === 6 ? REST_DAY : WORKING_DAY);
    out.push(day(date, changes === REST_DAY ? 0 : changes === LONG_DAY ? 820 : 560, changes, (count - i) % 10000));
  }
  return out;
}

/** The Wednesday of the last full Monday-to-Friday week ending on or before `last`. */
export function longDayOf(last: string): string {
  let friday = last;
  while (weekday(friday) !== 5) friday = addDays(friday, -1);
  return addDays(friday, -2);
}

export interface Driver {
  file: string;
  generation: 'GEN1' | 'GEN2';
  cardNumber: string;
  surname: string;
  firstNames: string;
  nation: number;
  lastDay: string;
  count: number;
  expiry: string;
  special?: ReadonlyMap<string, Change[]>;
}

export function demoDrivers(today: string): Driver[] {
  const marekLast = addDays(today, -3);
  return [
    {
      file: 'anna-berger',
      generation: 'GEN1',
      cardNumber: 'DF00000000010001',
      surname: 'Berger',
      firstNames: 'Anna',
      nation: NATION.DE,
      lastDay: addDays(today, -1),
      count: 21,
      expiry: addDays(today, 900),
    },
    {
      file: 'marek-nowak',
      generation: 'GEN2',
      cardNumber: 'PL00000000020001',
      surname: 'Nowak',
      firstNames: 'Marek',
      nation: NATION.PL,
      lastDay: marekLast,
      count: 21,
      expiry: addDays(today, 1200),
      special: new Map([[longDayOf(marekLast), LONG_DAY]]),
    },
    {
      file: 'juergen-mueller',
      generation: 'GEN1',
      cardNumber: 'DF00000000030001',
      surname: 'Müller',
      firstNames: 'Jürgen',
      nation: NATION.DE,
      lastDay: addDays(today, -35),
      count: 14,
      expiry: addDays(today, 700),
    },
    {
      file: 'sofia-rossi',
      generation: 'GEN2',
      cardNumber: 'IT00000000040001',
      surname: 'Rossi',
      firstNames: 'Sofia',
      nation: NATION.IT,
      lastDay: addDays(today, -24),
      count: 21,
      expiry: addDays(today, 20),
    },
  ];
}

/** The one vehicle a driver used over all their days (its VIN only for gen2 cards, which record it). */
export function demoVehicleOf(d: Driver): CardScenario['vehicles'][number] {
  const dayList = days(d.lastDay, d.count, d.special);
  return {
    odometerBegin: 100_000,
    odometerEnd: 100_000 + dayList.reduce((sum, x) => sum + x.distance, 0),
    firstUse: at(dayList[0]!.date, 5, 50),
    lastUse: at(d.lastDay, 17, 10),
    registration: reg(d.nation, `DEMO ${d.cardNumber.slice(-4)}`),
    vuDataBlockCounter: 1,
    vin: d.generation === 'GEN1' ? null : `WDB9634031L${d.cardNumber.slice(-6)}`,
  };
}

function scenarioOf(d: Driver): CardScenario {
  const s = baseScenario({
    generation: d.generation,
    capacities: d.generation === 'GEN1' ? GEN1_MAX : GEN2,
    days: days(d.lastDay, d.count, d.special),
  });
  s.identification = {
    ...s.identification,
    issuingMemberState: d.nation,
    cardNumber: d.cardNumber,
    issueDate: dayStart(addDays(d.expiry, -5 * 365)),
    validityBegin: dayStart(addDays(d.expiry, -5 * 365)),
    expiryDate: dayStart(d.expiry),
    surname: latin(d.surname),
    firstNames: latin(d.firstNames),
  };
  s.vehicles = [demoVehicleOf(d)];
  return s;
}

/** The demo fleet's download files (named `<driver>-<download date>.ddd`), signed by the demo PKI. */
export function demoFleetFiles(today: string): DemoFile[] {
  return demoDrivers(today).map((d) => {
    const downloadedAt = at(d.lastDay, 18, 0);
    const bytes = signDdd(withCardDownload(encodeCard(scenarioOf(d)), downloadedAt));
    return { name: `${d.file}-${isoDate(downloadedAt)}.ddd`, bytes };
  });
}

/** The demo PKI's roots, for a trust folder (DRIVERCARD_TRUST_DIR) of the demo data. */
export const demoTrustFiles = testTrustFiles;
