/**
 * The block-by-block state machine shared by the streaming and the whole-file decoder: feed it TLV blocks in
 * file order (`accept`), then `finish()` for the DecodedCard. It files each block under its application
 * (appendix 00/01 → DF Tachograph, 02/03 → DF Tachograph_G2, DDP_046), checks duplicates and signatures, and
 * decodes the EFs at the end (so that the order of EFs in the file does not matter).
 */
import type { BlockRef, CardApplication, DecodedCard, Generation } from '../domain/card.js';
import { DddDecodeError } from './api.js';
import { DecodeContext } from './ef/context.js';
import { COMMON_EFS, FID, GEN1_EFS, GEN2V2_ONLY_EFS, UNSIGNED_EFS, efName } from './ef/fids.js';
import { decodeApplication, emptyApplication } from './decode-application.js';
import { warnMissingEfs } from './ef/mandatory-efs.js';
import { isCardTag } from './prefix.js';
import type { TlvBlock } from './tlv-stream.js';

/**
 * Blocks of a signature scheme outside Annex IC, written by some non-EU national cards: an EF's signature with
 * appendix '81' (instead of '01', DDP_038) and an X.509 certificate in EF 'C209'. Kept in ApplicationSecurity,
 * reported once (`signature_scheme_unknown`), never verified.
 */
const FOREIGN_SIGNATURE_APPENDIX = 0x81;
const FOREIGN_X509_FID = 0xc209;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class CardAssembler {
  private readonly ctx = new DecodeContext();
  private readonly blocks: BlockRef[] = [];
  private readonly common: { icc: Uint8Array | null; ic: Uint8Array | null } = { icc: null, ic: null };
  private gen1: CardApplication | null = null;
  private gen2: CardApplication | null = null;
  private readonly duplicatesWarned = new Set<number>();
  private count = 0;
  /** blocks skipped for an unknown tag: reported once, in finish(), so that a damaged file cannot flood the warnings */
  private unknownTags = 0;
  private foreignBlocks = 0;
  private firstUnknownTagOffset = 0;

  constructor(private readonly transferHeaderStripped = false) {
    if (transferHeaderStripped) {
      this.ctx.warn(
        'transfer_header_stripped',
        'The card data was wrapped in a 2-byte transfer-response header (card downloaded through a vehicle unit); the header was removed.',
      );
    }
  }

  private app(df: 1 | 2): CardApplication {
    if (df === 1) return (this.gen1 ??= emptyApplication(1));
    return (this.gen2 ??= emptyApplication(2));
  }

  accept(block: TlvBlock): void {
    const { fid, appendix, value } = block;
    const first = this.count++ === 0;
    if (!first && this.acceptForeign(fid, appendix, value)) return;
    if (!isCardTag(fid, appendix)) {
      if (first) {
        throw new DddDecodeError(
          'not_a_ddd_file',
          'The file does not start with a driver-card EF tag: it is not a driver-card download file.',
        );
      }
      if (this.unknownTags++ === 0) this.firstUnknownTagOffset = block.offset;
      return;
    }
    this.blocks.push({ fid, appendix, length: value.length });

    // MF common EFs (ICC, IC) carry appendix 00 and no signature (DDP_042). Real downloading equipment writes
    // them a second time under appendix 02 (beside DF Tachograph_G2's EFs): the same MF files read again, so
    // that copy is compared with the first one (a repeat, see duplicate()) and never filed as a G2 EF.
    if ((appendix === 0 || appendix === 2) && COMMON_EFS.has(fid)) {
      const key = fid === FID.ICC ? 'icc' : 'ic';
      const previous = this.common[key];
      if (previous !== null) this.duplicate(previous, value, fid, appendix, appendix === 2 ? 'repeat' : 'copy');
      else this.common[key] = value;
      return;
    }

    const df: 1 | 2 = appendix < 2 ? 1 : 2;
    const app = this.app(df);
    if (appendix === 1 || appendix === 3) {
      const previous = app.security.signatures.get(fid);
      if (previous !== undefined) this.duplicate(previous, value, fid, appendix);
      else app.security.signatures.set(fid, value);
      return;
    }
    const previous = app.raw.get(fid);
    if (previous !== undefined) {
      this.duplicate(previous, value, fid, appendix);
      return;
    }
    app.raw.set(fid, value);
    switch (fid) {
      case FID.CARD_CERTIFICATE:
        app.security.cardCertificate = value;
        break;
      case FID.CARD_SIGN_CERTIFICATE:
        app.security.cardSignCertificate = value;
        break;
      case FID.CA_CERTIFICATE:
        app.security.caCertificate = value;
        break;
      case FID.LINK_CERTIFICATE:
        app.security.linkCertificate = value;
        break;
    }
  }

  /** true when the block belongs to a foreign signature scheme (kept in the gen1 / gen2 application's security) */
  private acceptForeign(fid: number, appendix: number, value: Uint8Array): boolean {
    if (appendix === FOREIGN_SIGNATURE_APPENDIX && GEN1_EFS.has(fid)) {
      const sigs = this.app(1).security.foreignSignatures;
      if (!sigs.has(fid)) sigs.set(fid, value);
    } else if (fid === FOREIGN_X509_FID && (appendix === 0 || appendix === 2)) {
      this.app(appendix === 0 ? 1 : 2).security.x509Certificate ??= value;
    } else {
      return false;
    }
    this.foreignBlocks++;
    return true;
  }

  /**
   * A second block of a tag already read: the first one is kept.
   * - 'copy' (the same tag twice): identical → `duplicated_ef` once per tag; different → the file cannot be
   *   filed (`conflicting_duplicate_ef`: which copy holds the card's data is unknowable).
   * - 'repeat' (an MF EF, ICC or IC, read again under appendix 02 by the downloading equipment): identical →
   *   nothing to report, that is how genuine gen2 downloads look; different → `repeated_ef_differs` once per
   *   EF (the MF files hold the card's chip data, no activity; the first copy is the one DDP_042 names).
   */
  private duplicate(
    previous: Uint8Array,
    value: Uint8Array,
    fid: number,
    appendix: number,
    kind: 'copy' | 'repeat' = 'copy',
  ): void {
    const same = sameBytes(previous, value);
    const tag = (fid << 8) | appendix;
    if (kind === 'repeat') {
      if (same || this.duplicatesWarned.has(tag)) return;
      this.duplicatesWarned.add(tag);
      this.ctx.warn(
        'repeated_ef_differs',
        `The file holds EF ${efName(fid)} a second time (appendix 02) with content different from the first copy; the first copy was kept.`,
      );
      return;
    }
    const what = `${appendix === 1 || appendix === 3 ? 'signature of ' : ''}EF ${efName(fid)}${appendix >= 2 ? ' (Tachograph_G2)' : ''}`;
    if (!same) {
      throw new DddDecodeError('conflicting_duplicate_ef', `The file holds the ${what} twice with different content.`);
    }
    if (!this.duplicatesWarned.has(tag)) {
      this.duplicatesWarned.add(tag);
      this.ctx.warn('duplicated_ef', `The file holds the ${what} twice with identical content; the copy was ignored.`);
    }
  }

  finish(): DecodedCard {
    if (this.count === 0) throw new DddDecodeError('empty', 'The file holds no data block.');
    if (this.unknownTags > 0) {
      // the tag itself is not quoted: in a damaged file it is arbitrary bytes (messages never carry file bytes)
      this.ctx.warn(
        'unknown_tag',
        this.unknownTags === 1
          ? `The block at byte ${this.firstUnknownTagOffset} does not have the tag of a driver-card EF; it was skipped.`
          : `${this.unknownTags} blocks do not have the tag of a driver-card EF (the first at byte ${this.firstUnknownTagOffset}); they were skipped.`,
      );
    }
    if (this.foreignBlocks > 0) {
      this.ctx.warn(
        'signature_scheme_unknown',
        `The file holds ${this.foreignBlocks} signature or certificate block(s) of a scheme outside Annex IC (appendix 81 signatures, an X.509 certificate in EF C209); they were kept but cannot be verified.`,
      );
    }
    const hasIdentification =
      (this.gen1?.raw.has(FID.IDENTIFICATION) ?? false) || (this.gen2?.raw.has(FID.IDENTIFICATION) ?? false);
    if (!hasIdentification) {
      throw new DddDecodeError(
        'no_identification',
        'The file holds no EF Identification: it does not say whose card it is.',
      );
    }
    for (const app of [this.gen1, this.gen2]) {
      if (app === null) continue;
      for (const fid of app.raw.keys()) {
        if (!UNSIGNED_EFS.has(fid) && !app.security.signatures.has(fid) && !app.security.foreignSignatures.has(fid)) {
          this.ctx.warn(
            'signature_missing',
            `EF ${efName(fid)}${app.df === 2 ? ' (Tachograph_G2)' : ''} is not followed by its signature.`,
          );
        }
      }
      decodeApplication(app, this.ctx);
    }
    warnMissingEfs(this.gen1, this.gen2, this.ctx);
    return {
      generation: this.generation(),
      gen1: this.gen1,
      gen2: this.gen2,
      common: this.common,
      blocks: this.blocks,
      transferHeaderStripped: this.transferHeaderStripped,
      warnings: this.ctx.warnings,
    };
  }

  /**
   * GEN1: only DF Tachograph. GEN2: DF Tachograph_G2 present. GEN2V2: DF Tachograph_G2 of version 2, read from
   * TCS_152's notes — "cardStructureVersion in EF Application_Identification is equal to {01 01} for version 2
   * of the generation 2 driver card" and "EF Application_Identification_V2, EF Places_Authentication, … are only
   * present in version 2". Either sign is enough (CardStructureVersion 2.36: low byte 01 = version 2).
   */
  private generation(): Generation {
    const g2 = this.gen2;
    if (g2 === null) return 'GEN1';
    const csv = g2.applicationIdentification?.cardStructureVersion;
    if (csv !== undefined && csv[1] >= 1) return 'GEN2V2';
    for (const fid of g2.raw.keys()) if (GEN2V2_ONLY_EFS.has(fid)) return 'GEN2V2';
    return 'GEN2';
  }
}
