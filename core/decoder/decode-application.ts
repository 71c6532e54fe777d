/**
 * Decodes the EFs of one application (DF Tachograph = df 1, DF Tachograph_G2 = df 2) from their raw value bytes.
 * Record counts come from EF Application_Identification (and _V2); every EF decoder reports its own damage as
 * warnings so that the rest of the file still decodes.
 */
import type { CardApplication } from '../domain/card.js';
import { decodeApplicationIdentification } from './ef/application-identification.js';
import { decodeApplicationIdentificationV2 } from './ef/application-identification-v2.js';
import { decodeAuthStatusRecords } from './ef/auth-status.js';
import { decodeBorderCrossings } from './ef/border-crossings.js';
import { decodeCardDownload } from './ef/card-download.js';
import type { DecodeContext } from './ef/context.js';
import { decodeControlActivityData } from './ef/control-activity-data.js';
import { decodeCurrentUsage } from './ef/current-usage.js';
import { decodeDriverActivityData } from './ef/driver-activity-data.js';
import { decodeDrivingLicenceInfo } from './ef/driving-licence-info.js';
import { decodeEventFaultData } from './ef/events-faults.js';
import { FID, efName } from './ef/fids.js';
import { decodeGnssPlaces } from './ef/gnss-places.js';
import { decodeIdentification } from './ef/identification.js';
import { decodeLoadTypeEntries } from './ef/load-type-entries.js';
import { decodeLoadUnloadOperations } from './ef/load-unload-operations.js';
import { decodePlaces } from './ef/places.js';
import { decodeSpecificConditions } from './ef/specific-conditions.js';
import { decodeVehicleUnitsUsed } from './ef/vehicle-units-used.js';
import { decodeVehiclesUsed } from './ef/vehicles-used.js';

/** Event sets per generation (TCS_150: 6, TCS_154: 11) and fault sets (2). */
const EVENT_GROUPS = { 1: 6, 2: 11 } as const;
const FAULT_GROUPS = 2;

export function emptyApplication(df: 1 | 2): CardApplication {
  return {
    df,
    applicationIdentification: null,
    applicationIdentificationV2: null,
    identification: null,
    cardDownload: null,
    drivingLicenceInfo: null,
    events: null,
    faults: null,
    driverActivity: null,
    vehiclesUsed: null,
    places: null,
    currentUsage: null,
    controlActivity: null,
    specificConditions: null,
    vehicleUnitsUsed: null,
    gnssPlaces: null,
    placesAuthentication: null,
    gnssPlacesAuthentication: null,
    borderCrossings: null,
    loadUnloadOperations: null,
    loadTypeEntries: null,
    security: {
      cardCertificate: null,
      cardSignCertificate: null,
      caCertificate: null,
      linkCertificate: null,
      signatures: new Map(),
      foreignSignatures: new Map(),
      x509Certificate: null,
    },
    raw: new Map(),
  };
}

/** An application's EFs by file id, and the name a warning gives each (the Gen2 DF's marked). */
interface EfReader {
  get(fid: number): Uint8Array | undefined;
  label(fid: number): string;
}

/** Fills the decoded parts of `app` from `app.raw`: the EFs of both generations, then the Gen2 DF's own. */
export function decodeApplication(app: CardApplication, ctx: DecodeContext): void {
  const df = app.df;
  const ef: EfReader = {
    get: (fid) => app.raw.get(fid),
    label: (fid) => `EF ${efName(fid)}${df === 2 ? ' (Tachograph_G2)' : ''}`,
  };
  decodeApplicationIdentifications(app, ctx, ef);
  decodeCardEfs(app, ctx, ef);
  if (df === 2) decodeGen2Efs(app, ctx, ef);
}

/** EF Application_Identification (and its Gen2 v2 form): the record counts the other EFs are read with. */
function decodeApplicationIdentifications(app: CardApplication, ctx: DecodeContext, ef: EfReader): void {
  const df = app.df;
  const { get, label } = ef;
  let v = get(FID.APPLICATION_IDENTIFICATION);
  if (v)
    app.applicationIdentification = decodeApplicationIdentification(v, df, ctx, label(FID.APPLICATION_IDENTIFICATION));
  if (df === 2 && (v = get(FID.APPLICATION_IDENTIFICATION_V2))) {
    app.applicationIdentificationV2 = decodeApplicationIdentificationV2(
      v,
      ctx,
      label(FID.APPLICATION_IDENTIFICATION_V2),
    );
  }
}

/** The EFs both generations hold, each read with its record count from the application identification. */
function decodeCardEfs(app: CardApplication, ctx: DecodeContext, ef: EfReader): void {
  const df = app.df;
  const { get, label } = ef;
  const ai = app.applicationIdentification;
  let v: Uint8Array | undefined;
  if ((v = get(FID.IDENTIFICATION))) app.identification = decodeIdentification(v, ctx, label(FID.IDENTIFICATION));
  if ((v = get(FID.CARD_DOWNLOAD))) app.cardDownload = decodeCardDownload(v, ctx, label(FID.CARD_DOWNLOAD));
  if ((v = get(FID.DRIVING_LICENCE_INFO)))
    app.drivingLicenceInfo = decodeDrivingLicenceInfo(v, ctx, label(FID.DRIVING_LICENCE_INFO));
  if ((v = get(FID.EVENTS_DATA))) {
    app.events = decodeEventFaultData(v, EVENT_GROUPS[df], ai?.noOfEventsPerType ?? null, ctx, label(FID.EVENTS_DATA));
  }
  if ((v = get(FID.FAULTS_DATA))) {
    app.faults = decodeEventFaultData(v, FAULT_GROUPS, ai?.noOfFaultsPerType ?? null, ctx, label(FID.FAULTS_DATA));
  }
  if ((v = get(FID.DRIVER_ACTIVITY_DATA))) {
    app.driverActivity = decodeDriverActivityData(
      v,
      ai?.activityStructureLength ?? null,
      ctx,
      label(FID.DRIVER_ACTIVITY_DATA),
    );
  }
  if ((v = get(FID.VEHICLES_USED))) {
    app.vehiclesUsed = decodeVehiclesUsed(v, df, ai?.noOfCardVehicleRecords ?? null, ctx, label(FID.VEHICLES_USED));
  }
  if ((v = get(FID.PLACES))) app.places = decodePlaces(v, df, ai?.noOfCardPlaceRecords ?? null, ctx, label(FID.PLACES));
  if ((v = get(FID.CURRENT_USAGE))) app.currentUsage = decodeCurrentUsage(v, ctx, label(FID.CURRENT_USAGE));
  if ((v = get(FID.CONTROL_ACTIVITY_DATA))) {
    app.controlActivity = decodeControlActivityData(v, ctx, label(FID.CONTROL_ACTIVITY_DATA));
  }
  if ((v = get(FID.SPECIFIC_CONDITIONS))) {
    app.specificConditions = decodeSpecificConditions(
      v,
      df,
      ai?.noOfSpecificConditionRecords ?? null,
      ctx,
      label(FID.SPECIFIC_CONDITIONS),
    );
  }
}

/** The EFs of the Gen2 DF only (vehicle units used, GNSS places, authentication, border crossings, loads). */
function decodeGen2Efs(app: CardApplication, ctx: DecodeContext, ef: EfReader): void {
  const { get, label } = ef;
  const ai = app.applicationIdentification;
  const ai2 = app.applicationIdentificationV2;
  let v: Uint8Array | undefined;
  if ((v = get(FID.VEHICLE_UNITS_USED))) {
    app.vehicleUnitsUsed = decodeVehicleUnitsUsed(
      v,
      ai?.noOfCardVehicleUnitRecords ?? null,
      ctx,
      label(FID.VEHICLE_UNITS_USED),
    );
  }
  if ((v = get(FID.GNSS_PLACES)))
    app.gnssPlaces = decodeGnssPlaces(v, ai?.noOfGnssAdRecords ?? null, ctx, label(FID.GNSS_PLACES));
  if ((v = get(FID.PLACES_AUTHENTICATION))) {
    app.placesAuthentication = decodeAuthStatusRecords(
      v,
      ai?.noOfCardPlaceRecords ?? null,
      ctx,
      label(FID.PLACES_AUTHENTICATION),
    );
  }
  if ((v = get(FID.GNSS_PLACES_AUTHENTICATION))) {
    app.gnssPlacesAuthentication = decodeAuthStatusRecords(
      v,
      ai?.noOfGnssAdRecords ?? null,
      ctx,
      label(FID.GNSS_PLACES_AUTHENTICATION),
    );
  }
  if ((v = get(FID.BORDER_CROSSINGS))) {
    app.borderCrossings = decodeBorderCrossings(
      v,
      ai2?.noOfBorderCrossingRecords ?? null,
      ctx,
      label(FID.BORDER_CROSSINGS),
    );
  }
  if ((v = get(FID.LOAD_UNLOAD_OPERATIONS))) {
    app.loadUnloadOperations = decodeLoadUnloadOperations(
      v,
      ai2?.noOfLoadUnloadRecords ?? null,
      ctx,
      label(FID.LOAD_UNLOAD_OPERATIONS),
    );
  }
  if ((v = get(FID.LOAD_TYPE_ENTRIES))) {
    app.loadTypeEntries = decodeLoadTypeEntries(
      v,
      ai2?.noOfLoadTypeEntryRecords ?? null,
      ctx,
      label(FID.LOAD_TYPE_ENTRIES),
    );
  }
}
