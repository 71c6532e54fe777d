/**
 * ActivityChangeInfo (data dictionary 2.1), 2 bytes, 'scpaattttttttttt'B, read as a big-endian 16-bit word:
 *   s (bit 15)     slot: 0 DRIVER, 1 CO-DRIVER
 *   c (bit 14)     card recordings: when p = 0 driving status 0 SINGLE / 1 CREW;
 *                  when p = 1 "following activity status" 0 UNKNOWN / 1 KNOWN (= manually entered)
 *   p (bit 13)     card status: 0 INSERTED, 1 NOT INSERTED (or withdrawn)
 *   aa (bits 12-11) activity: 00 BREAK/REST, 01 AVAILABILITY, 10 WORK, 11 DRIVING
 *                  (not relevant when p = 1 and c = 0, i.e. unknown)
 *   t (bits 10-0)  time of the change: minutes since 00h00 of the record's day
 */
import type { ActivityChange } from '../../domain/card.js';

export function decodeActivityChange(word: number): ActivityChange {
  return {
    raw: word,
    slot: ((word >> 15) & 1) as 0 | 1,
    crewOrKnown: (word & 0x4000) !== 0,
    notInserted: (word & 0x2000) !== 0,
    activity: ((word >> 11) & 3) as 0 | 1 | 2 | 3,
    minutes: word & 0x07ff,
  };
}
