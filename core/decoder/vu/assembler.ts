/**
 * Builds the decoded VU from its TREPs, one at a time, in file order (./decode-vu.ts finds where each ends).
 * A TREP is decoded by its generation's reader (./gen1.ts, ./gen2.ts); its signed bytes and signature are kept
 * for core/authenticity/verify-vu.ts.
 */
import type { DecodedCard } from '../../domain/card.js';
import type {
  DecodedVu,
  VuDay,
  VuEventsFaults,
  VuGeneration,
  VuOverview,
  VuTechnical,
  VuTrep,
} from '../../domain/vu.js';
import { DddDecodeError } from '../api.js';
import { decodeDddBytes } from '../decode-ddd.js';
import { GEN1_SIGNATURE_LENGTH } from './layouts.js';
import { RECORD_TYPE_SIGNATURE, TREP_CARD_DOWNLOAD, type Section } from './framing.js';
import { GEN1_STEPS, dayG1, eventsFaultsG1, firstSignedStep, overviewG1, speedG1, technicalG1 } from './gen1.js';
import {
  RECORD_TYPE_MEMBER_STATE_CERTIFICATE,
  RECORD_TYPE_VU_CERTIFICATE,
  type Gen2Sink,
  readArrays,
  signedStartGen2,
} from './gen2.js';
import { type VuDecodeContext, trepName } from './warnings.js';

/** The generation a TREP byte belongs to; TREP 24 (detailed speed) is that of the overview. */
export function generationOf(trep: number, overview: VuGeneration | null): VuGeneration {
  if (trep <= 0x06) return 'GEN1';
  if (trep === 0x24) return overview === 'GEN2V2' ? 'GEN2V2' : 'GEN2';
  return trep >= 0x31 ? 'GEN2V2' : 'GEN2';
}

/** TREP bytes of a VU file: 01–05, 06 (card download), 21–25, 31–33 and 35 (Appendix 7 §2.2.2.9 table). */
export function isKnownTrep(trep: number): boolean {
  return (
    (trep >= 0x01 && trep <= 0x06) || (trep >= 0x21 && trep <= 0x25) || (trep >= 0x31 && trep <= 0x35 && trep !== 0x34)
  );
}

export class VuAssembler {
  private overview: VuOverview | null = null;
  private overviewGeneration: VuGeneration | null = null;
  private readonly days: VuDay[] = [];
  private readonly seenDays = new Set<number>();
  private eventsFaults: VuEventsFaults | null = null;
  private readonly speed: DecodedVu['speed'] = [];
  private technical: VuTechnical | null = null;
  private readonly cards: DecodedCard[] = [];
  private readonly treps: VuTrep[] = [];

  constructor(private readonly ctx: VuDecodeContext) {}

  /** A card downloaded through the VU (TREP 06, DDP_049/050): its TLV blocks, decoded by the card decoder. */
  acceptCard(tlv: Uint8Array): void {
    try {
      this.cards.push(decodeDddBytes(tlv));
    } catch (e) {
      const why = e instanceof DddDecodeError ? e.reason : 'unreadable';
      this.ctx.warn(
        'damaged_card_download',
        `The card download inside the VU file (TREP 06) could not be decoded (${why}).`,
      );
    }
  }

  /** One whole TREP: `at` is the file offset of its '76' byte, `b[start..end)` its bytes in `b`. */
  accept(b: Uint8Array, start: number, end: number, at: number, sections: Section[]): void {
    const trep = b[start + 1]!;
    if (trep === TREP_CARD_DOWNLOAD) return this.acceptCard(b.subarray(start + 2, end));
    const generation = generationOf(trep, this.overviewGeneration);
    const kind = trep & 0x0f;
    let signedStart: number;
    let signature: Uint8Array | null;
    let day: number | null;
    if (generation === 'GEN1') {
      const signatureSection = sections[GEN1_STEPS[trep]!.length - 1]!;
      signedStart = sections[firstSignedStep(trep)]!.start;
      signature = b.slice(signatureSection.offset, signatureSection.offset + GEN1_SIGNATURE_LENGTH);
      day = this.acceptGen1(b, kind, sections, generation);
    } else {
      const sink = readArrays(b, sections, trep, this.ctx);
      const last = sections[sections.length - 1]!;
      signedStart = signedStartGen2(sections);
      signature = last.type === RECORD_TYPE_SIGNATURE ? sink.signature : null;
      if (signature === null)
        this.ctx.warn('signature_missing', `${trepName(trep)} at byte ${at} ends without its SignatureRecordArray.`);
      day = this.acceptGen2(sink, kind, generation);
    }
    const signedEnd = signature === null ? end : sections[sections.length - 1]!.start;
    this.treps.push({
      trep,
      generation,
      offset: at,
      length: end - start,
      signed: b.subarray(signedStart, signedEnd),
      signature,
      day,
      certificates: kind === 1 ? this.certificatesOf(b, sections, generation) : null,
    });
  }

  /** Returns the day downloaded for an activities TREP, else null. */
  private acceptGen1(b: Uint8Array, kind: number, s: Section[], generation: VuGeneration): number | null {
    if (kind === 2) return this.addDay(dayG1(b, s));
    if (kind === 1) this.setOverview(overviewG1(b, s), generation);
    else if (kind === 3) this.eventsFaults ??= eventsFaultsG1(b, s);
    else if (kind === 4) this.speed.push(...speedG1(b, s));
    else this.technical ??= technicalG1(b, s);
    return null;
  }

  private acceptGen2(s: Gen2Sink, kind: number, generation: VuGeneration): number | null {
    if (kind === 1) {
      const { slots } = s;
      this.setOverview(
        {
          memberStateCertificate: s.memberStateCertificate,
          vuCertificate: s.vuCertificate,
          vin: s.vin,
          registration: s.registration,
          currentDateTime: s.currentDateTime,
          downloadableFrom: s.downloadableFrom,
          downloadableTo: s.downloadableTo,
          driverSlotCard: slots & 0x0f,
          codriverSlotCard: slots >> 4,
          previousDownload: s.previousDownload,
          companyLocks: s.companyLocks,
          controls: s.controls,
        },
        generation,
      );
    } else if (kind === 2) {
      const { date, odometerMidnight, insertions, activities, places, positions, specificConditions } = s;
      const { borderCrossings, loadUnloadOperations } = s;
      return this.addDay({
        date,
        odometerMidnight,
        insertions,
        activities,
        places,
        positions,
        specificConditions,
        borderCrossings,
        loadUnloadOperations,
      });
    } else if (kind === 3) {
      const { faults, events, overspeedControl, overspeeding, timeAdjustments } = s;
      this.eventsFaults ??= { faults, events, overspeedControl, overspeeding, timeAdjustments };
    } else if (kind === 4) this.speed.push(...s.speed);
    else
      this.technical ??= {
        identification: s.identification,
        sensorSerialNumbers: s.sensorSerialNumbers,
        calibrations: s.calibrations,
      };
    return null;
  }

  /** The certificates of an overview TREP: gen1 its first two parts, gen2 its certificate record arrays. */
  private certificatesOf(b: Uint8Array, s: Section[], generation: VuGeneration): VuTrep['certificates'] {
    if (generation === 'GEN1') {
      const [ms, vu] = [s[0]!, s[1]!];
      return { memberState: b.slice(ms.offset, ms.offset + ms.size), vu: b.slice(vu.offset, vu.offset + vu.size) };
    }
    const one = (type: number): Uint8Array | null => {
      const a = s.find((x) => x.type === type && x.count > 0);
      return a === undefined ? null : b.slice(a.offset, a.offset + a.size);
    };
    return { memberState: one(RECORD_TYPE_MEMBER_STATE_CERTIFICATE), vu: one(RECORD_TYPE_VU_CERTIFICATE) };
  }

  private setOverview(o: VuOverview, generation: VuGeneration): void {
    if (this.overview !== null) return;
    this.overview = o;
    this.overviewGeneration = generation;
  }

  private addDay(day: VuDay): number | null {
    if (day.date !== null && this.seenDays.has(day.date)) {
      this.ctx.warn('duplicated_day', 'The activities of one day appear twice; the first copy was kept.');
      return day.date;
    }
    if (day.date !== null) this.seenDays.add(day.date);
    this.days.push(day);
    return day.date;
  }

  finish(): DecodedVu {
    if (this.treps.length === 0 && this.cards.length === 0)
      throw new DddDecodeError('truncated', 'The vehicle-unit download ends before its first TREP is complete.');
    return {
      generation: this.overviewGeneration ?? this.treps[0]?.generation ?? 'GEN1',
      overview: this.overview,
      days: this.days,
      eventsFaults: this.eventsFaults,
      speed: this.speed,
      technical: this.technical,
      cardDownloads: this.cards,
      treps: this.treps,
      warnings: this.ctx.warnings,
    };
  }
}
