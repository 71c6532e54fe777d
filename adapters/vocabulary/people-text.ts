/**
 * What a person reads instead of the API's technical messages: per code (keyed by the core's and the API's enums,
 * so a code added there without words here does not compile) what happened and what to do. The API's `message`
 * fields stay as they are (they are the contract, and the technical detail behind a disclosure); the page, the
 * report and the letter write these words. Pure; shared with node tests and the office documents.
 */
// type-only: the enums of the core and of the HTTP adapter (erased from the compiled JavaScript)
import type { DecodeErrorReason, DecodeWarningCode } from '../../core/decoder/api.js';
import type { AUTHENTICITY_WARNING_CODES } from '../../core/authenticity/index.js';
import type { StaticNotEvaluatedRule } from '../../core/eu561/ruleset.js';
import type { OfficeRecordConflictCode } from '../../core/annotations/errors.js';
import type { AuthenticityStatus } from '../../core/domain/authenticity.js';
import type { QuarantineWarning } from '../../core/use-cases/quarantine-policy.js';
import type { errorResponseSchema } from '../http/shared/error.schema.js';
import { hoursMinutes } from './durations.js';
import { localParts } from './local-time.js';

/**
 * The API's error codes: the `error` enum of its error answers, the office records' refusals (409) and the
 * refused withdraw / restore of an import.
 */
type ErrorCode =
  | (typeof errorResponseSchema)['properties']['error']['enum'][number]
  | OfficeRecordConflictCode
  | 'import_status_conflict';

/** What happened, and what the office can do about it. */
export interface PeopleText {
  what: string;
  todo: string;
}

/** The decoder's, the verifier's and the import's warning codes (activity_time_out_of_order: core/rows/activities.ts). */
type ImportWarningCode =
  DecodeWarningCode | (typeof AUTHENTICITY_WARNING_CODES)[number] | 'holder_mismatch' | 'activity_time_out_of_order';

const DAMAGED = 'Download the card again and import the new file; until then its data is kept out of the checks.';

/** An import's warnings, by code. */
export const IMPORT_WARNING_TEXT: Record<ImportWarningCode, PeopleText> = {
  transfer_header_stripped: {
    what: 'The file was downloaded through a vehicle unit and carried an extra header, which was removed.',
    todo: 'Nothing to do.',
  },
  unknown_tag: {
    what: 'The file holds parts that are not driver-card data; they were skipped.',
    todo: 'Nothing to do.',
  },
  duplicated_ef: {
    what: 'The file holds some parts twice, with the same content; one copy is used.',
    todo: 'Nothing to do.',
  },
  repeated_ef_differs: {
    what: "A repeated copy of the card's chip identification differs from the first one; the first is used.",
    todo: 'Nothing to do unless other problems are reported for this file.',
  },
  signature_missing: {
    what: 'Part of the file has no signature, so its authenticity cannot be proven.',
    todo: 'Download the card again with equipment that writes the signatures.',
  },
  damaged_ef: { what: 'Part of the file is damaged and could not be read.', todo: DAMAGED },
  record_longer_than_specified: {
    what: 'Some records are longer than the regulation specifies; the known part was read.',
    todo: 'Nothing to do.',
  },
  ef_size_mismatch: { what: "A part of the file does not have the size the card's own data announces.", todo: DAMAGED },
  damaged_activity_record: { what: 'Some daily activity records are damaged and could not be read.', todo: DAMAGED },
  signature_scheme_unknown: {
    what: 'The file is signed in a way this service does not check.',
    todo: 'The data is used; its authenticity is not proven.',
  },
  activity_record_out_of_sequence: {
    what: 'A daily record is out of date order on the card; it is shown under the date it carries.',
    todo: 'Check that day with the driver.',
  },
  activity_time_out_of_order: {
    what: 'On one day the card records an activity change earlier than the one before it; the day is shown as recorded.',
    todo: 'Check that day with the driver.',
  },
  missing_ef: {
    what: 'The download is incomplete: a part the regulation requires is missing.',
    todo: 'Download the card again completely and import the new file.',
  },
  signature_invalid: {
    what: 'A signature of the file does not match its data: the file may have been changed after the download.',
    todo: 'Do not rely on this file. Download the card again and import the new file.',
  },
  certificate_invalid: {
    what: "The card's certificate does not verify: the file's origin cannot be trusted.",
    todo: 'Do not rely on this file. Download the card again; if it recurs, contact the card issuer.',
  },
  certificate_unknown_root: {
    what: 'The card was issued under a certificate this service does not know, so its authenticity is not proven.',
    todo: 'The data is used. Add the missing root certificate to the trust folder if you need proof.',
  },
  authenticity_unverifiable: {
    what: 'The authenticity of the file could not be checked.',
    todo: 'The data is used; its authenticity is not proven.',
  },
  authenticity_unsigned: {
    what: 'The file carries no signatures.',
    todo: 'Download the card again with equipment that writes the signatures.',
  },
  holder_mismatch: {
    what: 'The file names another holder than the one known for this card number; it is kept out of the checks.',
    todo: "Check whose card was downloaded; withdraw the import if it is not this driver's.",
  },
};

/** Why a file could not be read at all, by reason. */
export const DECODE_FAILURE_TEXT: Record<DecodeErrorReason, PeopleText> = {
  empty: { what: 'The file is empty.', todo: 'Choose the .ddd file again, or download the card again.' },
  not_a_ddd_file: {
    what: 'The file is not a driver-card download.',
    todo: 'Choose the .ddd file written by the download equipment.',
  },
  truncated: {
    what: 'The file ends too early: the download was cut off or the copy is incomplete.',
    todo: 'Download the card again and import the new file.',
  },
  vehicle_unit_download: {
    what: 'This is a vehicle-unit download, not a driver-card download.',
    todo: 'Import the driver cards; vehicle unit files are not read by this service.',
  },
  no_identification: {
    what: 'The file does not say whose card it is, so it cannot be filed under a driver.',
    todo: 'Download the card again and import the new file.',
  },
  conflicting_duplicate_ef: {
    what: 'The file holds the same part twice with different content, so it cannot be trusted.',
    todo: 'Download the card again and import the new file.',
  },
  reserved_length: {
    what: 'The file is damaged (it holds a length the regulation reserves).',
    todo: 'Download the card again and import the new file.',
  },
};

/** The service's error answers, by code. */
export const ERROR_TEXT: Record<ErrorCode, PeopleText> = {
  invalid_payload: { what: 'The service could not accept what was sent.', todo: 'Check the entries and try again.' },
  invalid_filter: {
    what: 'A date or a choice of the page is not valid.',
    todo: 'Check the dates and filters (the first date must not be after the last), then try again.',
  },
  unsupported_media_type: {
    what: 'The service could not accept what was sent.',
    todo: 'Reload the page and try again.',
  },
  not_found: {
    what: 'The service does not know this card, import or record (it may have been withdrawn).',
    todo: 'Go back to the fleet and choose the driver again.',
  },
  cursor_ahead: {
    what: 'The program following changes asked from a point this database never reached (it was restored).',
    todo: 'Let the program follow the changes again from the beginning.',
  },
  method_not_allowed: { what: 'The page asked the service for something it does not do.', todo: 'Reload the page.' },
  misdirected_request: {
    what: 'The service refused the address the page was opened with.',
    todo: 'Open the page with the address the service printed at start.',
  },
  conflicting_data: {
    what: 'The imports of this card disagree about some days, so the checks cannot rely on them.',
    todo: 'Choose one import as the data basis, or withdraw the wrong import.',
  },
  quarantined_data: {
    what: 'The data includes a quarantined import (damaged, unverified or of another holder).',
    todo: 'Choose another import as the data basis, or check the quarantined data explicitly.',
  },
  archive_conflict: {
    what: 'This archive number already belongs to another file.',
    todo: 'Import the file without an archive number, or with a new one.',
  },
  import_status_conflict: {
    what: 'The import is not in a state that allows this (it may already be withdrawn or restored).',
    todo: 'Reload the page to see its current state.',
  },
  payload_too_large: {
    what: 'The file is larger than the service accepts.',
    todo: 'Check that it is a driver-card download; ask the administrator to raise the limit if it is.',
  },
  unparseable_ddd: { what: 'The file could not be read as a driver-card download.', todo: 'Download the card again.' },
  service_busy: { what: 'The service is busy with other files.', todo: 'Wait a moment and try again.' },
  database_unavailable: {
    what: 'The service cannot reach its database at the moment.',
    todo: 'Try again in a minute; if it lasts, tell whoever looks after the service (the database may be stopped or its disk full).',
  },
  internal_error: {
    what: 'Something went wrong inside the service.',
    todo: 'Try again; if it recurs, give the reference below to whoever looks after the service.',
  },
  annotation_over_recorded_activity: {
    what: 'The card records driving in that period, so the annotation would contradict the card.',
    todo: 'Annotate only the time the card leaves unknown (shorten the period).',
  },
  annotation_withdrawn: { what: 'The annotation was already withdrawn.', todo: 'Reload the page.' },
  invalid_idempotency_key: {
    what: 'The service could not accept what was sent.',
    todo: 'Reload the page and try again.',
  },
  idempotency_key_reused: {
    what: 'The service received a different entry under the same request number.',
    todo: 'Reload the page and enter it again.',
  },
  review_transition_refused: {
    what: 'The finding cannot move to that status from its current one.',
    todo: 'Reload the page to see its current status.',
  },
  review_conflict: {
    what: 'Someone else reviewed this finding at the same time.',
    todo: 'Reload the page and review it again.',
  },
};

/** The reasons of what card data never decides, where the core's words name API paths or parameters. */
const STATIC_REASON_TEXT: Partial<Record<StaticNotEvaluatedRule, string>> = {
  working_time_directive:
    'Directive 2002/15/EC (working time, night work, breaks from work) is outside this pre-check: see the working-time check.',
};

/** Words of the core's texts that name the API, turned into words for people. */
const TECHNICAL_WORDS: [RegExp, string][] = [
  [/\s*\(?unknown_as=rest\)?/g, ' (card-out time counted as rest)'],
  [/\s*\(?unknown_as=unknown\)?/g, ''],
  [/ under \(card-out time counted as rest\)/g, ' when card-out time counts as rest'],
  [/With \(card-out time counted as rest\) /g, 'When card-out time counts as rest, '],
  [/reference_weeks/g, 'reference'],
  [/listed in data_gaps and /g, ''],
  [/ \(warning [A-Z_]+\)/g, ''],
  [/\s*:?\s*see GET \/api\/[^\s.]*/g, ''],
  [
    /set DRIVERCARD_HOME_COUNTRY or the card's home countries/g,
    'enter the card\'s home countries under "Home countries" in the week view, or ask for a default of the service',
  ],
  [/\bDRIVERCARD_[A-Z_]+/g, "the service's setting"],
  [/ at byte \d+/g, ''],
  [/\bimp_[0-9A-Za-z_-]+/g, 'an import'],
];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant as the core writes it in its texts (core/eu561/time.ts `formatInstant`): `Mon 16 May 2022 05:29 UTC`. */
const CORE_INSTANT = new RegExp(
  `\\b(?:${WEEKDAYS.join('|')}) (\\d{1,2}) (${MONTHS.join('|')}) (\\d{4}) (\\d{2}):(\\d{2}) UTC\\b`,
  'g',
);

/**
 * The core's instants of a text in the reader's zone, named at each instant as the rest of the page and the office
 * documents write them: `Mon 16 May 2022 05:29 UTC` in Europe/Madrid is `Mon 16 May 2022 07:29 Europe/Madrid (UTC+02:00)` (the weekday
 * and the date are the local ones, so they change with them near midnight).
 */
export function instantsInZone(text: string, timeZone: string): string {
  if (timeZone === 'UTC') return text;
  return text.replace(CORE_INSTANT, (_all, day: string, month: string, year: string, hh: string, mm: string) => {
    const ms = Date.UTC(Number(year), MONTHS.indexOf(month), Number(day), Number(hh), Number(mm));
    const p = localParts(ms, timeZone);
    const [y, m, d] = p.date.split('-').map(Number) as [number, number, number];
    const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    return `${weekday} ${d} ${MONTHS[m - 1]} ${y} ${p.clock} ${p.zone}`;
  });
}

/**
 * A duration as the core writes it in its texts (core/eu561/time.ts `formatDuration`) with days or minutes:
 * `3 d 20 h 42 min`, `8 h 15 min`, `45 min`, `2 d`. Whole hours alone (`9 h`, `24 h`) are the rules' own limits and
 * periods and stay as written.
 */
const CORE_DURATION = /\b(?:(\d+) d(?: (\d+) h)?(?: (\d+) min)?|(?:(\d+) h )?(\d+) min)\b/g;

/** The core's durations of a text in hours and minutes, as people read them everywhere: `3 d 20 h 42 min` → `92:42`. */
export function durationsAsHours(text: string): string {
  return text.replace(CORE_DURATION, (_all, d?: string, dh?: string, dm?: string, h?: string, m?: string) => {
    const hours = Number(d ?? 0) * 24 + Number(dh ?? h ?? 0);
    return hoursMinutes((hours * 60 + Number(dm ?? m ?? 0)) * 60);
  });
}

/** A text of the core (a reason, a description) without the API's words, its instants in the reader's zone. */
export function forPeople(text: string, timeZone = 'UTC'): string {
  const words = TECHNICAL_WORDS.reduce((s, [pattern, replacement]) => s.replace(pattern, replacement), text);
  return durationsAsHours(instantsInZone(words, timeZone)).replace(/ {2,}/g, ' ');
}

/** A not-evaluated reason as a person reads it: the table's words for the card-wide ones, else the core's, cleaned. */
export function reasonForPeople(rule: string, reason: string, timeZone = 'UTC'): string {
  const text = Object.hasOwn(STATIC_REASON_TEXT, rule) ? STATIC_REASON_TEXT[rule as StaticNotEvaluatedRule] : undefined;
  return text ?? forPeople(reason, timeZone);
}

const UNKNOWN: PeopleText = {
  what: 'The service reported a problem with this file.',
  todo: 'See the technical detail; download the card again if in doubt.',
};

export function importWarningText(code: string): PeopleText {
  return Object.hasOwn(IMPORT_WARNING_TEXT, code) ? IMPORT_WARNING_TEXT[code as ImportWarningCode] : UNKNOWN;
}

export function decodeFailureText(reason: string | null | undefined): PeopleText {
  return reason && Object.hasOwn(DECODE_FAILURE_TEXT, reason)
    ? DECODE_FAILURE_TEXT[reason as DecodeErrorReason]
    : ERROR_TEXT.unparseable_ddd;
}

export function errorCodeText(code: string): PeopleText {
  return Object.hasOwn(ERROR_TEXT, code)
    ? ERROR_TEXT[code as ErrorCode]
    : { what: 'The service could not answer.', todo: 'Try again.' };
}

/**
 * The warnings that put an import in quarantine: the core's list (core/use-cases/quarantine-policy.ts, which the
 * page cannot load, so it is keyed here by the core's type: a code added or removed there does not compile until it
 * is here) and the warnings of an INVALID authenticity.
 */
const QUARANTINING: Record<QuarantineWarning | 'signature_invalid' | 'certificate_invalid', true> = {
  damaged_ef: true,
  damaged_activity_record: true,
  ef_size_mismatch: true,
  missing_ef: true,
  holder_mismatch: true,
  damaged_trep: true,
  unknown_trep: true,
  damaged_record_array: true,
  signature_invalid: true,
  certificate_invalid: true,
};

/** The codes among an import's warnings that quarantined it, once each, in the order they came. */
export function quarantiningCodes(warnings: readonly { code: string }[] | null | undefined): string[] {
  return [...new Set((warnings ?? []).map((w) => w.code))].filter((c) => Object.hasOwn(QUARANTINING, c));
}

/**
 * Why an import is quarantined, for a person: the words of each quarantining warning it carries (once each), or
 * of the office's rule that only verified files are used when none of them is there.
 */
export function quarantineReasons(warnings: readonly { code: string }[] | null | undefined): string[] {
  const codes = quarantiningCodes(warnings);
  if (codes.length === 0)
    return ['The service is set to use only files whose authenticity is verified, and this one is not.'];
  return codes.map((c) => sentence(importWarningText(c)));
}

/** What a file's authenticity means for the office, by status (core/domain/authenticity.ts). */
export const AUTHENTICITY_TEXT: Record<AuthenticityStatus, string> = {
  VERIFIED: "The file's signatures prove that it comes unchanged from this card.",
  INVALID: 'A signature or certificate does not verify: the file may have been changed. Download the card again.',
  UNVERIFIABLE: 'The signatures could not be checked (an unknown certificate, or one missing); the data is used.',
  UNSIGNED: 'The file carries no signatures, so its origin is not proven; the data is used.',
};

export function authenticityText(status: string | null | undefined): string {
  return status && Object.hasOwn(AUTHENTICITY_TEXT, status)
    ? AUTHENTICITY_TEXT[status as AuthenticityStatus]
    : 'The authenticity of the file was not checked.';
}

/** What happened and what to do, in one line. */
export const sentence = (t: PeopleText): string => `${t.what} ${t.todo}`;
