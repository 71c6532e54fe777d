/**
 * When an import is QUARANTINED (served with `quarantined: true`, refused by the EU 561 pre-check).
 *
 * Policy: the decoder reported that data was lost or unreadable, so the file cannot be trusted to be a
 * complete record:
 * - `damaged_ef`: an EF was too short or inconsistent and was skipped;
 * - `damaged_activity_record`: a daily activity record was skipped (days or changes are missing);
 * - `ef_size_mismatch`: an EF's size disagrees with the card's own application identification, so records
 *   were cut off or guessed;
 * - `missing_ef`: a data EF that DDP_035 makes mandatory in a driver-card download is absent: not a complete
 *   download (missing certificates or signatures alone do not quarantine: the authenticity check rates them).
 * - `holder_mismatch`: the card number is known but the holder (surname, first names, birth date) differs from the
 *   stored holder (./holder-identity.ts): not the card's own data, or not the person the office knows.
 * - vehicle-unit downloads alike: `damaged_trep` (a TREP cut short), `unknown_trep` (the rest of the file unread),
 *   `damaged_record_array` (records shorter than specified, not read) lose data as a damaged EF does.
 * Trust decides too: authenticity INVALID (a certificate or a signed EF fails: the file is not what
 * the card wrote) quarantines; UNVERIFIABLE and UNSIGNED are imported with a warning, unless the service runs
 * with DRIVERCARD_REQUIRE_VERIFIED=yes (`requireVerified`), which quarantines everything not VERIFIED.
 * Benign warnings do not quarantine: identical duplicate EFs, unknown tags, records longer than specified
 * (the known part was read), a stripped transfer header, missing signatures (reported through authenticity).
 * A card without any activity is not quarantined either: it holds nothing a trusted operation
 * could misread (a fresh card downloaded before use is normal).
 */
import type { AuthenticityStatus } from '../domain/authenticity.js';
import type { ImportStatus, Warning } from '../domain/rows.js';

/** the warning of an import whose holder differs from the card number's stored holder */
export const HOLDER_MISMATCH = 'holder_mismatch';

/** The warnings that quarantine an import (the policy above), the one list. */
export const QUARANTINE_WARNINGS = [
  'damaged_ef',
  'damaged_activity_record',
  'ef_size_mismatch',
  'missing_ef',
  HOLDER_MISMATCH,
  'damaged_trep',
  'unknown_trep',
  'damaged_record_array',
] as const;
export type QuarantineWarning = (typeof QUARANTINE_WARNINGS)[number];

export const QUARANTINE_WARNING_CODES: ReadonlySet<string> = new Set(QUARANTINE_WARNINGS);

export function importStatusOf(
  warnings: readonly Warning[],
  authenticity: AuthenticityStatus | null = null,
  requireVerified = false,
): ImportStatus {
  if (warnings.some((w) => QUARANTINE_WARNING_CODES.has(w.code))) return 'QUARANTINED';
  if (authenticity === 'INVALID') return 'QUARANTINED';
  if (requireVerified && authenticity !== 'VERIFIED') return 'QUARANTINED';
  return 'OK';
}
