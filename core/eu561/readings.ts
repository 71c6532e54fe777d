/**
 * The readings: every question the regulations leave open that the checks must answer one way to reach a verdict,
 * declared once beside the rules. Each names the question (what the text does not settle), the choice the service
 * makes, the alternative, and the article. A finding lists the readings its verdict depends on (`readings`); the
 * answers, the report, the letter and the CSV name the readings in force; GET /api/drivercard/readings lists them.
 *
 * The card-out reading is chosen per request (`unknown_as`): its choice and alternative follow the value in force.
 * Question and choice are written for the people who read the documents (no API words); the alternative says how to
 * ask the service for it where it offers it.
 */

/** The checks a reading concerns: the EU 561/2006 pre-check, the Working Time Directive check, or both. */
export const READING_SCOPES = ['eu561', 'wtd'] as const;
export type ReadingScope = (typeof READING_SCOPES)[number];

/** A reading as declared below; `Reading` is the same with its id typed. */
interface ReadingDeclaration {
  /** snake_case, stable: findings name it in `readings` */
  id: string;
  /** a few words a person reads (the documents' lists) */
  name: string;
  /** what the regulation leaves open */
  question: string;
  /** how the service reads it */
  choice: string;
  /** the other reading, and how to get it where the service offers it */
  alternative: string;
  article: string;
}

export const UNKNOWN_AS_VALUES = ['gap', 'unknown', 'rest'] as const;
/** The card-out reading (./card-out.ts): gap (default), unknown or rest. */
export type UnknownAs = (typeof UNKNOWN_AS_VALUES)[number];

/** The card-out reading's choice per `unknown_as` value; the alternative names the other values. */
const CARD_OUT_CHOICES: Record<UnknownAs, string> = {
  gap:
    'Each period without card data is a gap to explain, listed once with its length; until the office annotates it ' +
    'the rules read it as rest, as the vehicle unit does when it computes driving times, and every finding that ' +
    'reading changes is marked as depending on it.',
  unknown:
    'Time without card data is neither rest nor work: the rules run with it as rest and as work, and a finding only ' +
    'one of the two shows is reported as incomplete data, never as a violation.',
  rest:
    'Time without card data of at most 5 days at a stretch counts as rest (office practice for card-out time between ' +
    'duties); longer periods stay unknown and the findings they could change are reported as incomplete data.',
};

const CARD_OUT_ALTERNATIVES: Record<UnknownAs, string> = {
  gap: 'unknown_as=unknown: such time stays unknown and what it could change is INCOMPLETE_DATA; unknown_as=rest: only gaps of at most 5 days count as rest.',
  unknown:
    'unknown_as=gap (default): such time is read as rest and listed as a gap to explain; unknown_as=rest: gaps of at most 5 days count as rest.',
  rest: 'unknown_as=gap (default): every gap is read as rest and listed to explain; unknown_as=unknown: no gap counts as rest.',
};

export const READINGS = [
  {
    id: 'card_out_time',
    name: 'Time without card data',
    scopes: ['eu561', 'wtd'],
    question:
      'What the driver did while the card recorded nothing and no manual entry was made: rest, leave, or work ' +
      'without the card.',
    choice: CARD_OUT_CHOICES.gap,
    alternative: CARD_OUT_ALTERNATIVES.gap,
    article:
      'Reg. (EU) 165/2014 Art. 34(3) and 34(5)(b) (time away from the vehicle entered manually); Annex IC, ' +
      'computation of driving time (unknown periods assimilated to break/rest)',
  },
  {
    id: 'long_rest_two_weekly_rests',
    name: 'One long rest for two weekly rests',
    scopes: ['eu561'],
    question: 'Whether one long rest crossing Monday 00:00 holds the weekly rest of both weeks it falls in.',
    choice:
      'A rest of 90 h or more crossing Monday 00:00 counts as a regular weekly rest in each week (two times 45 h); a ' +
      'shorter one counts in one week only. A two-week finding that the 69 h reading (45 h + 24 h) would avoid is a potential infringement.',
    alternative:
      'Some national guidance counts a rest of 69 h or more (45 h in one week, 24 h in the other) as the weekly rest of both weeks.',
    article: 'Art. 8(6) first subparagraph and 8(9) Regulation (EC) No 561/2006',
  },
  {
    id: 'ferry_train_cabin',
    name: 'Ferry or train cabin',
    scopes: ['eu561'],
    question:
      'Whether a rest interrupted around a ferry or train crossing recorded on the card was taken with access to a ' +
      'sleeper cabin, bunk or couchette, and whether the journey was scheduled for 8 h or more.',
    choice:
      'A rest interrupted at most twice, one hour in total, around a recorded crossing is counted as one rest, the ' +
      'cabin assumed; a regular weekly rest so interrupted without a recorded crossing of ' +
      '8 h or more makes the rest findings over it potential infringements.',
    alternative: 'Without the cabin the parts are separate rests, and the rest findings they give would be violations.',
    article: 'Art. 9(1) Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054',
  },
  {
    id: 'out_of_scope_time',
    name: 'Time out of scope',
    scopes: ['eu561'],
    question:
      'How time recorded as out of scope counts: whether its driving is driving time, and whether Art. 8 reaches ' +
      'the rests around carriage exempted under Art. 3 or Art. 13.',
    choice:
      'Driving out of scope is other work, never driving time; rest findings over an out-of-scope period, and ' +
      'driving findings after one closed only by the card being withdrawn, are potential infringements.',
    alternative:
      'Reading the rests around exempted carriage as fully under Art. 8 would make those rest findings violations.',
    article: 'Art. 3, 6(5) and 13 Regulation (EC) No 561/2006',
  },
  {
    id: 'return_home',
    name: 'Return home',
    scopes: ['eu561'],
    question:
      'Whether the driver could return home (employer’s operational centre or residence) for a regular weekly rest ' +
      'within four consecutive weeks.',
    choice:
      'The card shows only where the weekly rests started; the obligation is the undertaking’s, to organise the work ' +
      'so the driver is able to return, and its documents settle it: a return-home finding is always a potential infringement, to ' +
      'be justified or confirmed with a review note.',
    alternative: 'Reading the rests abroad on the card as proof that the return was not made possible (a violation).',
    article: 'Art. 8(8a) Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054',
  },
  {
    id: 'reduced_weekly_rest_derogation',
    name: 'Two reduced weekly rests in a row',
    scopes: ['eu561'],
    question:
      'Whether two consecutive reduced weekly rests were taken in international goods transport outside the ' +
      'Member State of establishment and the country of residence.',
    choice:
      'Without the home countries and the rests’ places the pair is a potential infringement; with them a pair started abroad is ' +
      'lawful when its compensation preceded the next weekly rest.',
    alternative:
      'Reading every two consecutive reduced weekly rests as an infringement (the rule without the derogation).',
    article: 'Art. 8(6) third and fourth subparagraphs, 8(6b) Regulation (EC) No 561/2006 as amended by 2020/1054',
  },
  {
    id: 'insufficient_weekly_rest',
    name: 'A weekly rest of 20 h to under 24 h',
    scopes: ['eu561'],
    question:
      'Whether a rest of 20 h to under 24 h taken where a weekly rest was due is a late weekly rest or a short one.',
    choice:
      'It is an insufficient reduced weekly rest, measured against 24 h; a shorter rest leaves the weekly rest late.',
    alternative: 'Reading it as no weekly rest at all, a late weekly rest measured from the previous one.',
    article: 'Art. 8(6) Regulation (EC) No 561/2006; Regulation (EU) 2016/403 Annex I',
  },
  {
    id: 'co_driver_break',
    name: 'Riding as co-driver as a break',
    scopes: ['eu561'],
    question: 'Whether availability recorded as co-driver in crew mode is a break (the driver did not assist).',
    choice: 'It counts as a break.',
    alternative: 'If the driver assisted the driving, that time is no break and the break findings would grow.',
    article: 'Art. 7 third paragraph Regulation (EC) No 561/2006 as amended by Regulation (EU) 2020/1054',
  },
  {
    id: 'availability_not_working_time',
    name: 'Availability and working time',
    scopes: ['wtd'],
    question: 'Whether time recorded as availability had a foreseeable duration known in advance.',
    choice: 'Availability as recorded is not working time (and no break either).',
    alternative: 'Counting availability whose duration was not known in advance as working time.',
    article: 'Art. 3(a) and 3(b) Directive 2002/15/EC',
  },
  {
    id: 'wtd_reference_period',
    name: 'Reference period of the 48 h average',
    scopes: ['wtd'],
    question: 'Where the reference period of the 48 h average begins and how long it is.',
    choice:
      'Consecutive periods of the reference weeks asked (17 full weeks by default) from the first full week of the ' +
      'data; a period the data does not cover is not evaluated.',
    alternative: 'The period national law or the collective agreement sets (up to six months, its own start).',
    article: 'Art. 4(a) and 8 Directive 2002/15/EC',
  },
] as const satisfies readonly (ReadingDeclaration & { scopes: readonly ReadingScope[] })[];

export type ReadingId = (typeof READINGS)[number]['id'];

/** A reading as answers list it. */
export interface Reading extends ReadingDeclaration {
  id: ReadingId;
}
export const READING_IDS = READINGS.map((r) => r.id) as ReadingId[];

/** The readings in force for checks of `scopes` under `unknownAs`, in declaration order, as answers list them. */
export function readingsInForce(unknownAs: UnknownAs, scopes: readonly ReadingScope[]): Reading[] {
  return READINGS.filter((r) => r.scopes.some((s) => scopes.includes(s))).map((r) => ({
    id: r.id,
    name: r.name,
    question: r.question,
    choice: r.id === 'card_out_time' ? CARD_OUT_CHOICES[unknownAs] : r.choice,
    alternative: r.id === 'card_out_time' ? CARD_OUT_ALTERNATIVES[unknownAs] : r.alternative,
    article: r.article,
  }));
}

/** `ids` once each, in declaration order (a finding's `readings`). */
export function orderedReadings(ids: Iterable<ReadingId>): ReadingId[] {
  const set = new Set(ids);
  return READING_IDS.filter((id) => set.has(id));
}
