/**
 * EventFaultType (Annex IC Appendix 1, data dictionary §2.70): the code qualifying a card event or fault.
 *
 * One table serves every generation: generation 2 version 1 and version 2 only assign codes that are RFU in
 * the earlier versions (0x0B–0x0F, 0x19–0x1C, 0x36–0x3A) and never reuse a code with another meaning, so the
 * union of the three value assignments is unambiguous.
 * Reading of the PDF-converted text: the sensor group (0x2x) of gen2v1 is garbled into a bullet list; it is
 * identical to the gen1 and gen2v2 tables (0x20–0x25, 0x26–0x2F RFU), which we follow. The gen1 "Card faults"
 * group is garbled to "Card faults, No further details, RFU, RFU"; read as 0x40 no further details,
 * 0x41–0x4F RFU, 0x50–0x7F RFU, as in the gen2 tables. 0x80–0xFF are manufacturer specific (no standard
 * meaning) and RFU codes have none either: both → null, so the row keeps only its technical code.
 *
 * `description` is the regulation's wording; where that wording only makes sense under its group heading
 * ("No further details", the sensor group's "Authentication failure", …) the heading is folded in.
 */

export interface EventFaultDescription {
  /** stable UPPER_SNAKE name */
  type: string;
  /** English description, the regulation's wording */
  description: string;
}

const ENTRIES: ReadonlyArray<readonly [number, string, string]> = [
  // '0x'H General events
  [0x00, 'GENERAL_EVENT', 'General event, no further details'],
  [0x01, 'INSERTION_OF_NON_VALID_CARD', 'Insertion of a non valid card'],
  [0x02, 'CARD_CONFLICT', 'Card conflict'],
  [0x03, 'TIME_OVERLAP', 'Time overlap'],
  [0x04, 'DRIVING_WITHOUT_APPROPRIATE_CARD', 'Driving without an appropriate card'],
  [0x05, 'CARD_INSERTION_WHILE_DRIVING', 'Card insertion while driving'],
  [0x06, 'LAST_CARD_SESSION_NOT_CORRECTLY_CLOSED', 'Last card session not correctly closed'],
  [0x07, 'OVER_SPEEDING', 'Over speeding'],
  [0x08, 'POWER_SUPPLY_INTERRUPTION', 'Power supply interruption'],
  [0x09, 'MOTION_DATA_ERROR', 'Motion data error'],
  [0x0a, 'VEHICLE_MOTION_CONFLICT', 'Vehicle motion conflict'],
  // gen2v1 onwards
  [0x0b, 'TIME_CONFLICT', 'Time conflict (GNSS versus VU internal clock)'],
  [
    0x0c,
    'REMOTE_COMMUNICATION_FACILITY_COMMUNICATION_ERROR',
    'Communication error with the remote communication facility',
  ],
  [0x0d, 'ABSENCE_OF_GNSS_POSITION_INFORMATION', 'Absence of position information from GNSS receiver'],
  [0x0e, 'EXTERNAL_GNSS_FACILITY_COMMUNICATION_ERROR', 'Communication error with the external GNSS facility'],
  // gen2v2 onwards
  [0x0f, 'GNSS_ANOMALY', 'GNSS anomaly'],

  // '1x'H Vehicle unit related security breach attempt events
  [0x10, 'VU_SECURITY_BREACH_ATTEMPT', 'Vehicle unit related security breach attempt, no further details'],
  [0x11, 'MOTION_SENSOR_AUTHENTICATION_FAILURE', 'Motion sensor authentication failure'],
  [0x12, 'TACHOGRAPH_CARD_AUTHENTICATION_FAILURE', 'Tachograph card authentication failure'],
  [0x13, 'UNAUTHORISED_CHANGE_OF_MOTION_SENSOR', 'Unauthorised change of motion sensor'],
  [0x14, 'CARD_DATA_INPUT_INTEGRITY_ERROR', 'Card data input integrity error'],
  [0x15, 'STORED_USER_DATA_INTEGRITY_ERROR', 'Stored user data integrity error'],
  [0x16, 'VU_INTERNAL_DATA_TRANSFER_ERROR', 'Vehicle unit internal data transfer error'],
  [0x17, 'VU_UNAUTHORISED_CASE_OPENING', 'Vehicle unit unauthorised case opening'],
  [0x18, 'VU_HARDWARE_SABOTAGE', 'Vehicle unit hardware sabotage'],
  // gen2v1 onwards
  [0x19, 'GNSS_TAMPER_DETECTION', 'Tamper detection of GNSS'],
  [0x1a, 'EXTERNAL_GNSS_FACILITY_AUTHENTICATION_FAILURE', 'External GNSS facility authentication failure'],
  [0x1b, 'EXTERNAL_GNSS_FACILITY_CERTIFICATE_EXPIRED', 'External GNSS facility certificate expired'],
  // gen2v2 onwards
  [
    0x1c,
    'MOTION_DATA_DRIVER_ACTIVITY_INCONSISTENCY',
    'Inconsistency between motion data and stored driver activity data',
  ],

  // '2x'H Sensor related security breach attempt events
  [0x20, 'SENSOR_SECURITY_BREACH_ATTEMPT', 'Sensor related security breach attempt, no further details'],
  [0x21, 'SENSOR_AUTHENTICATION_FAILURE', 'Sensor authentication failure'],
  [0x22, 'SENSOR_STORED_DATA_INTEGRITY_ERROR', 'Sensor stored data integrity error'],
  [0x23, 'SENSOR_INTERNAL_DATA_TRANSFER_ERROR', 'Sensor internal data transfer error'],
  [0x24, 'SENSOR_UNAUTHORISED_CASE_OPENING', 'Sensor unauthorised case opening'],
  [0x25, 'SENSOR_HARDWARE_SABOTAGE', 'Sensor hardware sabotage'],

  // '3x'H Recording equipment faults
  [0x30, 'RECORDING_EQUIPMENT_FAULT', 'Recording equipment fault, no further details'],
  [0x31, 'VU_INTERNAL_FAULT', 'VU internal fault'],
  [0x32, 'PRINTER_FAULT', 'Printer fault'],
  [0x33, 'DISPLAY_FAULT', 'Display fault'],
  [0x34, 'DOWNLOADING_FAULT', 'Downloading fault'],
  [0x35, 'SENSOR_FAULT', 'Sensor fault'],
  // gen2v1 onwards
  [0x36, 'INTERNAL_GNSS_RECEIVER_FAULT', 'Recording equipment fault: internal GNSS receiver'],
  [0x37, 'EXTERNAL_GNSS_FACILITY_FAULT', 'Recording equipment fault: external GNSS facility'],
  [0x38, 'REMOTE_COMMUNICATION_FACILITY_FAULT', 'Recording equipment fault: remote communication facility'],
  [0x39, 'ITS_INTERFACE_FAULT', 'Recording equipment fault: ITS interface'],
  // gen2v2 onwards
  [0x3a, 'INTERNAL_SENSOR_FAULT', 'Internal sensor fault'],

  // '4x'H Card faults
  [0x40, 'CARD_FAULT', 'Card fault, no further details'],
];

const TABLE: ReadonlyArray<EventFaultDescription | null> = (() => {
  const table: Array<EventFaultDescription | null> = new Array(256).fill(null);
  for (const [code, type, description] of ENTRIES) table[code] = Object.freeze({ type, description });
  return table;
})();

/**
 * The standard meaning of an EventFaultType code, or null for an RFU, manufacturer-specific (0x80–0xFF)
 * or out-of-range code. The returned object is frozen and shared: copy it before changing it.
 */
export function describeEventFault(code: number): EventFaultDescription | null {
  if (!Number.isInteger(code) || code < 0 || code > 0xff) return null;
  return TABLE[code] ?? null;
}

/** Every code with a standard meaning, ascending (for documentation and tests). */
export const STANDARD_EVENT_FAULT_CODES: readonly number[] = ENTRIES.map(([code]) => code);
