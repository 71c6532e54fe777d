/**
 * DDP_035 (Appendix 7, 3.3 Card downloading): what a driver-card download must hold. Per application DF:
 * "It is mandatory to download at least the EFs Application_Identification and Identification for each download
 * session. When downloading a driver card it is also mandatory to download the following EFs: Events_Data,
 * Faults_Data, Driver_Activity_Data, Vehicles_Used, Places, Control_Activity_Data, Specific_Conditions" and, for
 * DF Tachograph_G2, also "VehicleUnits_Used, GNSS_Places" (the version 2 EFs are mandatory only "if present",
 * which a download cannot tell, so they are not required here).
 * Every absent one gets warning `missing_ef` (one per EF): the file is not a complete download. The certificate
 * EFs and the signature blocks are mandatory too, but their absence only leaves the file unverifiable — the
 * authenticity check rates that — so they are not `missing_ef`. DF Tachograph_G2 is checked only when the file
 * holds it: DDP_035 leaves it out of a download made by a non-EU control authority with a first generation card.
 */
import type { CardApplication } from '../../domain/card.js';
import type { DecodeContext } from './context.js';
import { FID, efName } from './fids.js';

const DRIVER_CARD_EFS: readonly number[] = [
  FID.APPLICATION_IDENTIFICATION,
  FID.IDENTIFICATION,
  FID.EVENTS_DATA,
  FID.FAULTS_DATA,
  FID.DRIVER_ACTIVITY_DATA,
  FID.VEHICLES_USED,
  FID.PLACES,
  FID.CONTROL_ACTIVITY_DATA,
  FID.SPECIFIC_CONDITIONS,
];

/** The data EFs DDP_035 makes mandatory in each application DF of a driver-card download. */
export const MANDATORY_DATA_EFS: Readonly<Record<1 | 2, readonly number[]>> = {
  1: DRIVER_CARD_EFS,
  2: [...DRIVER_CARD_EFS, FID.VEHICLE_UNITS_USED, FID.GNSS_PLACES],
};

/** Warns `missing_ef` for each mandatory data EF absent from the file (gen1 DF always; gen2 DF when present). */
export function warnMissingEfs(gen1: CardApplication | null, gen2: CardApplication | null, ctx: DecodeContext): void {
  const apps: Array<[1 | 2, CardApplication | null]> = [
    [1, gen1],
    [2, gen2],
  ];
  for (const [df, app] of apps) {
    if (df === 2 && app === null) continue;
    const dfName = df === 1 ? 'DF Tachograph' : 'DF Tachograph_G2';
    for (const fid of MANDATORY_DATA_EFS[df]) {
      if (app?.raw.has(fid)) continue;
      ctx.warn(
        'missing_ef',
        `EF ${efName(fid)} (${dfName}) is missing: DDP_035 makes it mandatory in a driver-card download, so the file is not a complete download.`,
      );
    }
  }
}
