/**
 * The unit of every number of the interface, read from its field name. Names cannot change (integrations depend on
 * them), so the document says what each one counts or measures: the first rule whose pattern matches a numeric
 * field without a description of its own gives its description. A numeric field no rule matches has no unit in the
 * document, and the OpenAPI conformance test fails on it, so a new field gets a rule or a description.
 */

/** [field-name pattern, the unit said in the description] — first match wins. */
export const NUMBER_UNIT_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|_)km$/, 'kilometres (odometer readings and distances as the tachograph records them)'],
  [/^size_bytes$/, 'bytes'],
  [/^(latitude|longitude)$/, 'degrees, WGS 84 (Annex 1C GeoCoordinates, decimal)'],
  [/^gnss_accuracy$/, 'GNSS accuracy as the card records it: 10 × the HDOP value (Annex 1C 2.77), 1..100'],
  [/_s$|seconds/, 'seconds'],
  [/^(DRIVING|WORK|AVAILABILITY|REST|UNKNOWN)$/, 'seconds spent in this activity'],
  [/^(driving|work|availability|rest|unknown)$/, 'seconds spent in this activity'],
  [
    /driving|working_time|^duration$/,
    'seconds of time (driving or working time, a limit of it, or what is left of it)',
  ],
  [/^(value|limit|excess)$/, 'seconds of time the rule measures (driving, rest, break or working time); 0 if none'],
  [/^reference_weeks$/, 'weeks'],
  [/days/, 'days (whole calendar days, a count)'],
  [/^(seq|first_broken_seq)$/, 'sequence number (1-based position in the chain of records)'],
  [/^vu_data_block_counter$/, 'counter as the vehicle unit records it (Annex 1C VuDataBlockCounter)'],
  [/^code$/, 'event or fault code (Annex 1C EventFaultType), a number'],
  [/^(total|offset)$/, 'number of rows'],
  [/_kmh$/, 'km/h'],
  [/^serial_number$/, "the vehicle unit's serial number (Annex 1C VuSerialNumber), an identifier"],
  [/^w$/, 'impulses per km: the characteristic coefficient of the vehicle (Annex 1C W-VehicleCharacteristicConstant)'],
  [/^k$/, 'impulses per km: the constant of the recording equipment (Annex 1C K-ConstantOfRecordingEquipment)'],
  [/^l$/, 'eighths of a millimetre: the effective tyre circumference (Annex 1C L-TyreCircumference)'],
  [/^(MI|SI|VSI|MSI|VIOLATION|POTENTIAL|INCOMPLETE_DATA)$/, 'number of findings'],
  [/^(vehicle_units|vu_downloads_overdue|calibrations_due_30d|driving_without_card_4w)$/, 'a count'],
  [
    /_count$|^(count|uses|drivers|imports|similar_events|overspeed_events_since|conflicting|quarantined|withdrawn|overdue|due_week|expired|expiring_30d|readiness|holder_mismatch|open_findings|drivers_with_open_findings|findings_not_evaluated|not_evaluated|with_infringements|drivers_with_infringements|crew_disagreements|inconsistent_segments|reduced_daily_rests_left|quarantined_imports)$/,
    'a count',
  ],
];

/** The unit a numeric field named `name` is described with, or null when no rule knows the name. */
export function numberUnit(name: string): string | null {
  for (const [pattern, unit] of NUMBER_UNIT_RULES) if (pattern.test(name)) return unit;
  return null;
}

/** The kind of range a date (`format: date`) or timestamp (`format: date-time`) field bounds, from its name. */
export function rangeKind(name: string, format: string): string | null {
  if (format === 'date' && /(^|_)from$/.test(name)) return 'first UTC day of a date range that includes both ends';
  if (format === 'date' && /(^|_)to$/.test(name)) return 'last UTC day of a date range that includes both ends';
  if (format === 'date-time' && /(^|_)start$/.test(name)) return 'start of a time interval; the interval includes it';
  if (format === 'date-time' && /(^|_)end$/.test(name)) return 'end of a time interval; the interval excludes it';
  if (format === 'date-time' && /(^|_)from$/.test(name)) return 'first instant of a period that includes both ends';
  if (format === 'date-time' && /(^|_)to$/.test(name)) return 'last instant of a period that includes both ends';
  return null;
}
