/**
 * The demo fleet's vehicle-unit (VU) downloads, encoded from scenarios by the project's own VU encoder
 * (fixtures/encoder/vu) and signed by the demo PKI, consistent with the demo cards' vehicles (./demo-fleet.ts):
 * - Marek Nowak's truck (PL DEMO 0001, the VIN his gen2 card records), downloaded on his last day at 18:30: his
 *   card in the driver slot from his first day to his last day's 17:10 (the card's vehicle record), his last
 *   working day as his card records it, an overspeeding at 08:00 of that day, and after the card was withdrawn the
 *   truck driven 17:30–17:50 with no card — one interval of driving without a card. Its calibration (purpose
 *   periodic inspection) falls due in 20 days: due soon.
 * - Sofia Rossi's truck (IT DEMO 0001), downloaded 95 days ago (a parked day before it, no card): the next
 *   download was due 90 days after that (Commission Regulation (EU) No 581/2010, Art. 1(2)(a)) — overdue.
 */
import { encodeVu } from '../../fixtures/encoder/vu/encode-vu.js';
import type { VuCard, VuDayScenario, VuInsertion, VuScenario } from '../../fixtures/encoder/vu/model.js';
import { addDays, at, dayStart, isoDate } from '../../fixtures/encoder/time.js';
import { NATION } from '../../fixtures/encoder/nations.js';
import { ch } from '../../fixtures/scenarios/build.js';
import { vuScenario } from '../../fixtures/scenarios/vu-scenarios.js';
import { demoDrivers, demoVehicleOf, latin, weekday, type DemoFile, type Driver } from './demo-fleet.js';

/** The driver slot of an ordinary working day (the demo card's WORKING_DAY) with the card in; co-driver slot empty. */
const WORKING = [
  ch('00:00', 'R'),
  ch('06:00', 'W'),
  ch('06:15', 'D'),
  ch('10:15', 'R'),
  ch('11:00', 'D'),
  ch('14:30', 'W'),
  ch('15:00', 'R'),
];
const CO_EMPTY = ch('00:00', 'R', { co: true, out: true });
/** The last day's evening: the card withdrawn at 17:10, the truck driven 17:30–17:50 without it. */
const WITHOUT_CARD_EVENING = [
  ch('17:10', 'R', { out: true }),
  ch('17:30', 'D', { out: true }),
  ch('17:50', 'R', { out: true }),
];

const cardOf = (d: Driver): VuCard => ({ type: 1, nation: NATION.PL, number: d.cardNumber, generation: 2 });

/** The last Monday-to-Friday day on or before `date`. */
function lastWeekday(date: string): string {
  let d = date;
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
}

/** Marek's truck: the days from his last working day to his last day, his card in until 17:10 of the last. */
function marekDays(d: Driver, insertion: VuInsertion, odometerEnd: number): VuDayScenario[] {
  const first = lastWeekday(d.lastDay);
  const out: VuDayScenario[] = [];
  for (let date = first; date <= d.lastDay; date = addDays(date, 1)) {
    const changes = date === first ? [...WORKING] : [ch('00:00', 'R')];
    if (date === d.lastDay) changes.push(...WITHOUT_CARD_EVENING);
    out.push({
      date: dayStart(date),
      odometerMidnight: date === first ? odometerEnd - 560 : odometerEnd,
      insertions: [insertion],
      changes: [...changes, CO_EMPTY],
      places: [],
      specificConditions: [],
      positions: [],
    });
  }
  return out;
}

/** What both demo VU scenarios share: the test scenario's VU, its records of other kinds left out. */
function base(vehicle: ReturnType<typeof demoVehicleOf>, downloadAt: number, from: number): VuScenario {
  const s = vuScenario('GEN2');
  return {
    ...s,
    vin: vehicle.vin!,
    registration: vehicle.registration,
    downloadAt,
    downloadableFrom: from,
    downloadableTo: downloadAt,
    driverSlotCard: 0,
    codriverSlotCard: 0,
    previousDownload: { ...s.previousDownload, at: downloadAt - 60 * 86_400 },
    companyLocks: s.companyLocks.map((l) => ({ ...l, lockIn: from - 365 * 86_400 })),
    controls: [],
    timeAdjustments: [],
    faults: [],
    events: [],
    overspeeding: [],
    speed: [],
    overspeedControl: {
      lastControl: downloadAt - 60 * 86_400,
      firstOverspeedSince: downloadAt - 60 * 86_400,
      count: 0,
    },
    quirks: {},
  };
}

function calibration(s: VuScenario, next: string): VuScenario['calibrations'] {
  const at0 = dayStart(addDays(next, -730)) + 9 * 3600;
  return s.calibrations.map((c) => ({
    ...c,
    purpose: 3,
    vin: s.vin,
    registration: s.registration,
    oldTime: at0,
    newTime: at0,
    nextCalibrationDate: dayStart(next),
  }));
}

function marekTruck(today: string, d: Driver): VuScenario {
  const vehicle = demoVehicleOf(d);
  const insertion: VuInsertion = {
    surname: latin(d.surname),
    firstNames: latin(d.firstNames),
    card: cardOf(d),
    expiry: d.expiry,
    insertedAt: vehicle.firstUse,
    odometerAtInsertion: vehicle.odometerBegin,
    slot: 0,
    withdrawnAt: vehicle.lastUse,
    odometerAtWithdrawal: vehicle.odometerEnd,
    previous: null,
    manualInput: false,
  };
  const days = marekDays(d, insertion, vehicle.odometerEnd);
  const s = base(vehicle, at(d.lastDay, 18, 30), days[0]!.date);
  const worked = isoDate(days[0]!.date);
  const overspeed = {
    begin: at(worked, 8, 0),
    end: at(worked, 8, 2),
    max: 97,
    average: 92,
    card: insertion.card,
    similar: 0,
  };
  return {
    ...s,
    days,
    overspeeding: [overspeed],
    overspeedControl: { ...s.overspeedControl, firstOverspeedSince: overspeed.begin, count: 1 },
    calibrations: calibration(s, addDays(today, 20)),
  };
}

function sofiaTruck(today: string, d: Driver): VuScenario {
  const vehicle = demoVehicleOf(d);
  const parked = addDays(today, -96);
  const s = base(vehicle, at(addDays(today, -95), 10, 0), dayStart(parked));
  const day: VuDayScenario = {
    date: dayStart(parked),
    odometerMidnight: vehicle.odometerBegin,
    insertions: [],
    changes: [ch('00:00', 'R', { out: true }), CO_EMPTY],
    places: [],
    specificConditions: [],
    positions: [],
  };
  return { ...s, days: [day], calibrations: calibration(s, addDays(today, 400)) };
}

/** The demo vehicles' VU scenarios (named as their files), relative to `today`. */
export function demoVehicleUnitScenarios(today: string): Array<{ name: string; scenario: VuScenario }> {
  const drivers = new Map(demoDrivers(today).map((d) => [d.file, d]));
  const marek = marekTruck(today, drivers.get('marek-nowak')!);
  const sofia = sofiaTruck(today, drivers.get('sofia-rossi')!);
  return [
    { name: `vu-${marek.vin}-${isoDate(marek.downloadAt)}.ddd`, scenario: marek },
    { name: `vu-${sofia.vin}-${isoDate(sofia.downloadAt)}.ddd`, scenario: sofia },
  ];
}

/** The demo fleet's VU downloads, signed by the demo PKI (the one its card downloads are signed by). */
export function demoVehicleUnitFiles(today: string): DemoFile[] {
  return demoVehicleUnitScenarios(today).map(({ name, scenario }) => ({ name, bytes: encodeVu(scenario).bytes }));
}
