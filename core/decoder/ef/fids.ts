/**
 * File identifiers of a driver card (05-tachograph-cards-file-structure.md: TCS_142 MF, TCS_148 DF Tachograph,
 * TCS_152 DF Tachograph_G2).
 */
export const FID = {
  ICC: 0x0002,
  IC: 0x0005,
  APPLICATION_IDENTIFICATION: 0x0501,
  EVENTS_DATA: 0x0502,
  FAULTS_DATA: 0x0503,
  DRIVER_ACTIVITY_DATA: 0x0504,
  VEHICLES_USED: 0x0505,
  PLACES: 0x0506,
  CURRENT_USAGE: 0x0507,
  CONTROL_ACTIVITY_DATA: 0x0508,
  CARD_DOWNLOAD: 0x050e,
  IDENTIFICATION: 0x0520,
  DRIVING_LICENCE_INFO: 0x0521,
  SPECIFIC_CONDITIONS: 0x0522,
  VEHICLE_UNITS_USED: 0x0523,
  GNSS_PLACES: 0x0524,
  APPLICATION_IDENTIFICATION_V2: 0x0525,
  PLACES_AUTHENTICATION: 0x0526,
  GNSS_PLACES_AUTHENTICATION: 0x0527,
  BORDER_CROSSINGS: 0x0528,
  LOAD_UNLOAD_OPERATIONS: 0x0529,
  LOAD_TYPE_ENTRIES: 0x0530,
  VU_CONFIGURATION: 0x0540,
  CARD_CERTIFICATE: 0xc100,
  CARD_SIGN_CERTIFICATE: 0xc101,
  CA_CERTIFICATE: 0xc108,
  LINK_CERTIFICATE: 0xc109,
} as const;

export const EF_NAMES: ReadonlyMap<number, string> = new Map<number, string>([
  [FID.ICC, 'ICC'],
  [FID.IC, 'IC'],
  [FID.APPLICATION_IDENTIFICATION, 'Application_Identification'],
  [FID.EVENTS_DATA, 'Events_Data'],
  [FID.FAULTS_DATA, 'Faults_Data'],
  [FID.DRIVER_ACTIVITY_DATA, 'Driver_Activity_Data'],
  [FID.VEHICLES_USED, 'Vehicles_Used'],
  [FID.PLACES, 'Places'],
  [FID.CURRENT_USAGE, 'Current_Usage'],
  [FID.CONTROL_ACTIVITY_DATA, 'Control_Activity_Data'],
  [FID.CARD_DOWNLOAD, 'Card_Download'],
  [FID.IDENTIFICATION, 'Identification'],
  [FID.DRIVING_LICENCE_INFO, 'Driving_Licence_Info'],
  [FID.SPECIFIC_CONDITIONS, 'Specific_Conditions'],
  [FID.VEHICLE_UNITS_USED, 'VehicleUnits_Used'],
  [FID.GNSS_PLACES, 'GNSS_Places'],
  [FID.APPLICATION_IDENTIFICATION_V2, 'Application_Identification_V2'],
  [FID.PLACES_AUTHENTICATION, 'Places_Authentication'],
  [FID.GNSS_PLACES_AUTHENTICATION, 'GNSS_Places_Authentication'],
  [FID.BORDER_CROSSINGS, 'Border_Crossings'],
  [FID.LOAD_UNLOAD_OPERATIONS, 'Load_Unload_Operations'],
  [FID.LOAD_TYPE_ENTRIES, 'Load_Type_Entries'],
  [FID.VU_CONFIGURATION, 'VU_Configuration'],
  [FID.CARD_CERTIFICATE, 'Card_Certificate'],
  [FID.CARD_SIGN_CERTIFICATE, 'CardSignCertificate'],
  [FID.CA_CERTIFICATE, 'CA_Certificate'],
  [FID.LINK_CERTIFICATE, 'Link_Certificate'],
]);

/** EFs of DF Tachograph (gen1 application, TCS_148). */
export const GEN1_EFS: ReadonlySet<number> = new Set([
  FID.APPLICATION_IDENTIFICATION,
  FID.CARD_CERTIFICATE,
  FID.CA_CERTIFICATE,
  FID.IDENTIFICATION,
  FID.CARD_DOWNLOAD,
  FID.DRIVING_LICENCE_INFO,
  FID.EVENTS_DATA,
  FID.FAULTS_DATA,
  FID.DRIVER_ACTIVITY_DATA,
  FID.VEHICLES_USED,
  FID.PLACES,
  FID.CURRENT_USAGE,
  FID.CONTROL_ACTIVITY_DATA,
  FID.SPECIFIC_CONDITIONS,
]);

/** EFs of DF Tachograph_G2 (gen2 application, TCS_152). */
export const GEN2_EFS: ReadonlySet<number> = new Set([
  ...GEN1_EFS,
  FID.CARD_SIGN_CERTIFICATE,
  FID.LINK_CERTIFICATE,
  FID.VEHICLE_UNITS_USED,
  FID.GNSS_PLACES,
  FID.APPLICATION_IDENTIFICATION_V2,
  FID.PLACES_AUTHENTICATION,
  FID.GNSS_PLACES_AUTHENTICATION,
  FID.BORDER_CROSSINGS,
  FID.LOAD_UNLOAD_OPERATIONS,
  FID.LOAD_TYPE_ENTRIES,
  FID.VU_CONFIGURATION,
]);

/** EFs of the MF, stored with appendix 00 (common information of the card). */
export const COMMON_EFS: ReadonlySet<number> = new Set([FID.ICC, FID.IC]);

/**
 * EFs downloaded WITHOUT a signature (DDP_035, DDP_037): ICC, IC, the certificates, and Card_Download
 * ("Download the other application data EFs … except EF Card_Download. This information is secured with a
 * digital signature"). Every other application EF is followed by its signature block (DDP_038, DDP_046).
 */
export const UNSIGNED_EFS: ReadonlySet<number> = new Set([
  FID.ICC,
  FID.IC,
  FID.CARD_CERTIFICATE,
  FID.CARD_SIGN_CERTIFICATE,
  FID.CA_CERTIFICATE,
  FID.LINK_CERTIFICATE,
  FID.CARD_DOWNLOAD,
]);

/** EFs that exist only in version 2 of the generation 2 driver card (TCS_152 notes). */
export const GEN2V2_ONLY_EFS: ReadonlySet<number> = new Set([
  FID.APPLICATION_IDENTIFICATION_V2,
  FID.PLACES_AUTHENTICATION,
  FID.GNSS_PLACES_AUTHENTICATION,
  FID.BORDER_CROSSINGS,
  FID.LOAD_UNLOAD_OPERATIONS,
  FID.LOAD_TYPE_ENTRIES,
  FID.VU_CONFIGURATION,
]);

export function efName(fid: number): string {
  return EF_NAMES.get(fid) ?? 'EF ' + fid.toString(16).toUpperCase().padStart(4, '0');
}
