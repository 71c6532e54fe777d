/**
 * An independent walk of a driver card's activity chains, written without core/decoder: it finds the TLV blocks
 * of EF Driver_Activity_Data (tag 05 04 00 / 05 04 02, DDP_042), then follows the cyclic buffer from
 * activityPointerNewestRecord back through each record's activityPreviousRecordLength (data dictionary 2.17 /
 * 2.9), byte by byte modulo the buffer length, until the oldest pointer or a previous length of 0.
 * For each DF it lists the records the chain holds (offset, date, length) and whether the chain broke.
 * `chainCheck()` compares that with a decoded card: every record the chain holds, whose own structure is sound,
 * must be served (one per date), and no `damaged_activity_record` warning may appear unless the chain itself is damaged.
 */
import type { DecodedCard } from '../core/domain/card.js';

export interface ChainRecord {
  offset: number;
  length: number;
  /** activityRecordDate, seconds */
  date: number;
  /** a whole number of ActivityChangeInfo (≥ 1) and a date at 00:00 UTC after 1970 */
  sound: boolean;
}

export interface Chain {
  df: 1 | 2;
  records: ChainRecord[];
  /** the walk met a length that does not fit the chain */
  broken: boolean;
}

/** The Driver_Activity_Data values of a card file, by DF. */
function activityEfs(file: Uint8Array): Array<{ df: 1 | 2; value: Uint8Array }> {
  const out: Array<{ df: 1 | 2; value: Uint8Array }> = [];
  let p = file[0] === 0x76 && file[1] === 0x06 ? 2 : 0;
  while (p + 5 <= file.length) {
    const fid = file[p]! * 256 + file[p + 1]!;
    const appendix = file[p + 2]!;
    const len = file[p + 3]! * 256 + file[p + 4]!;
    if (len === 0xffff || p + 5 + len > file.length) break;
    if (fid === 0x0504 && (appendix === 0 || appendix === 2))
      out.push({ df: appendix === 0 ? 1 : 2, value: file.subarray(p + 5, p + 5 + len) });
    p += 5 + len;
  }
  return out;
}

export function walkChains(file: Uint8Array): Chain[] {
  return activityEfs(file).map(({ df, value }) => walkOne(df, value));
}

function walkOne(df: 1 | 2, ef: Uint8Array): Chain {
  const chain: Chain = { df, records: [], broken: false };
  if (ef.length < 4 + 12) return chain;
  const buf = ef.subarray(4);
  const L = buf.length;
  const byte = (i: number): number => buf[((i % L) + L) % L]!;
  const word = (i: number): number => byte(i) * 256 + byte(i + 1);
  const oldest = ef[0]! * 256 + ef[1]!;
  const newest = ef[2]! * 256 + ef[3]!;
  if (oldest >= L || newest >= L) return { ...chain, broken: true };
  if (word(newest) === 0 && word(newest + 2) === 0 && word(newest + 4) === 0 && word(newest + 6) === 0) return chain;
  let pos = newest;
  let total = 0;
  let wanted = -1;
  for (;;) {
    const previous = word(pos);
    const length = word(pos + 2);
    if (length < 12 || (wanted >= 0 && length !== wanted) || total + length > L) {
      chain.broken = true;
      break;
    }
    total += length;
    const date = word(pos + 4) * 65536 + word(pos + 6);
    const sound =
      (length - 12) % 2 === 0 && length > 12 && date % 86400 === 0 && date >= 365 * 86400 && date !== 0xffffffff;
    chain.records.push({ offset: pos, length, date, sound });
    if (pos === oldest || previous === 0) break;
    const back = (pos - oldest + L) % L;
    if (previous > back || previous < 12) {
      chain.broken = true;
      break;
    }
    wanted = previous;
    pos = (pos - previous + L) % L;
  }
  chain.records.reverse();
  return chain;
}

/** Problems found comparing the independent walk with the decoded card ([] = agrees). */
export function chainCheck(file: Uint8Array, card: DecodedCard): string[] {
  const problems: string[] = [];
  const anyBroken = walkChains(file).some((c) => c.broken || c.records.some((r) => !r.sound));
  for (const chain of walkChains(file)) {
    const app = chain.df === 1 ? card.gen1 : card.gen2;
    const served = new Map((app?.driverActivity?.days ?? []).map((d) => [d.offset, d.date]));
    const byDate = new Map<number, number[]>();
    for (const r of chain.records) if (r.sound) byDate.set(r.date, [...(byDate.get(r.date) ?? []), r.offset]);
    for (const [date, offsets] of byDate) {
      // one file serves one recording per date: of several records with one date, exactly one is served
      const n = offsets.filter((o) => served.get(o) === date).length;
      if (n !== 1)
        problems.push(
          `DF ${chain.df}: the record at offset ${offsets[0]} (${new Date(date * 1000).toISOString().slice(0, 10)}) is served ${n} times`,
        );
    }
    const held = new Set(chain.records.map((r) => r.offset));
    for (const offset of served.keys())
      if (!held.has(offset)) problems.push(`DF ${chain.df}: offset ${offset} is served but not in the chain`);
  }
  if (!anyBroken) {
    for (const w of card.warnings)
      if (w.code === 'damaged_activity_record') problems.push(`${w.code} on an intact chain: ${w.message}`);
  }
  return problems;
}
