/**
 * NationNumeric / NationAlpha (Annex IC Appendix 1, data dictionary §2.100, §2.101) and
 * RegionNumeric / RegionAlpha (§2.121, §2.122).
 *
 * The current text only says the nation codes are "held on a list maintained on the website of the laboratory
 * appointed to carry out interoperability testing" (JRC). The values below are the generation-1 value
 * assignment of Annex IB (0x00–0x33, 0xFD–0xFF) plus the later JRC list entries 0x34–0x37 (Montenegro, Serbia,
 * Uzbekistan, Tajikistan); everything else is RFU.
 *
 * API contract: nation fields are "ISO 3166-1 alpha-2 where one exists, else the regulation's nation code".
 * So each entry maps to its ISO alpha-2 code (Austria 'A' → "AT", United Kingdom 'UK' → "GB", …), except:
 * - 0xFD European Community, 0xFE Rest of Europe, 0xFF Rest of the world have no ISO code → the regulation's
 *   NationAlpha "EC", "EUR", "WLD" ("EC" is the regulation's code here, not ISO's Ecuador);
 * - 0x33 Yugoslavia: its ISO code "YU" was withdrawn in 2003; "YU" is also its NationAlpha, so it stays "YU".
 * 0x00 "no information available" and unassigned values → null.
 */

/** [numeric, NationAlpha of the regulation, ISO 3166-1 alpha-2 or null, English name] */
const NATIONS: ReadonlyArray<readonly [number, string, string | null, string]> = [
  [0x01, 'A', 'AT', 'Austria'],
  [0x02, 'AL', 'AL', 'Albania'],
  [0x03, 'AND', 'AD', 'Andorra'],
  [0x04, 'ARM', 'AM', 'Armenia'],
  [0x05, 'AZ', 'AZ', 'Azerbaijan'],
  [0x06, 'B', 'BE', 'Belgium'],
  [0x07, 'BG', 'BG', 'Bulgaria'],
  [0x08, 'BIH', 'BA', 'Bosnia and Herzegovina'],
  [0x09, 'BY', 'BY', 'Belarus'],
  [0x0a, 'CH', 'CH', 'Switzerland'],
  [0x0b, 'CY', 'CY', 'Cyprus'],
  [0x0c, 'CZ', 'CZ', 'Czech Republic'],
  [0x0d, 'D', 'DE', 'Germany'],
  [0x0e, 'DK', 'DK', 'Denmark'],
  [0x0f, 'E', 'ES', 'Spain'],
  [0x10, 'EST', 'EE', 'Estonia'],
  [0x11, 'F', 'FR', 'France'],
  [0x12, 'FIN', 'FI', 'Finland'],
  [0x13, 'FL', 'LI', 'Liechtenstein'],
  [0x14, 'FR', 'FO', 'Faeroe Islands'],
  [0x15, 'UK', 'GB', 'United Kingdom'],
  [0x16, 'GE', 'GE', 'Georgia'],
  [0x17, 'GR', 'GR', 'Greece'],
  [0x18, 'H', 'HU', 'Hungary'],
  [0x19, 'HR', 'HR', 'Croatia'],
  [0x1a, 'I', 'IT', 'Italy'],
  [0x1b, 'IRL', 'IE', 'Ireland'],
  [0x1c, 'IS', 'IS', 'Iceland'],
  [0x1d, 'KZ', 'KZ', 'Kazakhstan'],
  [0x1e, 'L', 'LU', 'Luxembourg'],
  [0x1f, 'LT', 'LT', 'Lithuania'],
  [0x20, 'LV', 'LV', 'Latvia'],
  [0x21, 'M', 'MT', 'Malta'],
  [0x22, 'MC', 'MC', 'Monaco'],
  [0x23, 'MD', 'MD', 'Republic of Moldova'],
  [0x24, 'MK', 'MK', 'North Macedonia'],
  [0x25, 'N', 'NO', 'Norway'],
  [0x26, 'NL', 'NL', 'Netherlands'],
  [0x27, 'P', 'PT', 'Portugal'],
  [0x28, 'PL', 'PL', 'Poland'],
  [0x29, 'RO', 'RO', 'Romania'],
  [0x2a, 'RSM', 'SM', 'San Marino'],
  [0x2b, 'RUS', 'RU', 'Russian Federation'],
  [0x2c, 'S', 'SE', 'Sweden'],
  [0x2d, 'SK', 'SK', 'Slovakia'],
  [0x2e, 'SLO', 'SI', 'Slovenia'],
  [0x2f, 'TM', 'TM', 'Turkmenistan'],
  [0x30, 'TR', 'TR', 'Turkey'],
  [0x31, 'UA', 'UA', 'Ukraine'],
  [0x32, 'V', 'VA', 'Vatican City'],
  [0x33, 'YU', null, 'Yugoslavia'],
  [0x34, 'MNE', 'ME', 'Montenegro'],
  [0x35, 'SRB', 'RS', 'Serbia'],
  [0x36, 'UZ', 'UZ', 'Uzbekistan'],
  [0x37, 'TJ', 'TJ', 'Tajikistan'],
  [0xfd, 'EC', null, 'European Community'],
  [0xfe, 'EUR', null, 'Rest of Europe'],
  [0xff, 'WLD', null, 'Rest of the world'],
];

const NATION_CODE: ReadonlyArray<string | null> = (() => {
  const table: Array<string | null> = new Array(256).fill(null);
  for (const [numeric, alpha, iso] of NATIONS) table[numeric] = iso ?? alpha;
  return table;
})();

/**
 * A NationNumeric value as the API's nation code: ISO 3166-1 alpha-2 where one exists, else the regulation's
 * NationAlpha ("EC", "EUR", "WLD", "YU"); null for 0x00 (no information) and unassigned values.
 */
export function nationCode(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 0xff) return null;
  return NATION_CODE[n] ?? null;
}

/** An ISO 3166-1 alpha-2 code of a country the card can record (upper case), e.g. "NL"; not "EC", "EUR", "WLD", "YU". */
export function isNationIsoCode(code: string): boolean {
  return NATIONS.some(([, , iso]) => iso !== null && iso === code && code !== 'YU');
}

/** The regulation's NationAlpha code for a NationNumeric value (e.g. 0x0D → "D"), or null when unassigned. */
export function nationAlpha(n: number): string | null {
  for (const [numeric, alpha] of NATIONS) if (numeric === n) return alpha;
  return null;
}

/**
 * A NationAlpha code (IA5String(SIZE(3)), space-padded, e.g. "D  ", "EUR") as the API's nation code, or null
 * for blanks and codes not in the table. Used where the card stores the alphabetic form.
 */
export function nationCodeFromAlpha(alpha: string): string | null {
  const code = alpha.trim().toUpperCase();
  if (code === '') return null;
  for (const [, a, iso] of NATIONS) if (a === code) return iso ?? a;
  return null;
}

/**
 * RegionNumeric (§2.122, generation 1 value assignment; only Spain has regions) → the regulation's RegionAlpha
 * code (§2.121). Generation 2 defers both lists to the JRC website; no other values are assigned there.
 * 0x00 "no information available" and unassigned values → null.
 */
const REGIONS: ReadonlyArray<readonly [number, string, string]> = [
  [0x01, 'AN', 'Andalucía'],
  [0x02, 'AR', 'Aragón'],
  [0x03, 'AST', 'Asturias'],
  [0x04, 'C', 'Cantabria'],
  [0x05, 'CAT', 'Cataluña'],
  [0x06, 'CL', 'Castilla-León'],
  [0x07, 'CM', 'Castilla-La-Mancha'],
  [0x08, 'CV', 'Valencia'],
  [0x09, 'EXT', 'Extremadura'],
  [0x0a, 'G', 'Galicia'],
  [0x0b, 'IB', 'Baleares'],
  [0x0c, 'IC', 'Canarias'],
  [0x0d, 'LR', 'La Rioja'],
  [0x0e, 'M', 'Madrid'],
  [0x0f, 'MU', 'Murcia'],
  [0x10, 'NA', 'Navarra'],
  [0x11, 'PV', 'País Vasco'],
];

const REGION_CODE: ReadonlyArray<string | null> = (() => {
  const table: Array<string | null> = new Array(256).fill(null);
  for (const [numeric, alpha] of REGIONS) table[numeric] = alpha;
  return table;
})();

/** A RegionNumeric value as the regulation's RegionAlpha code (0x0E → "M" Madrid), or null. */
export function regionCode(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 0xff) return null;
  return REGION_CODE[n] ?? null;
}

/** English names, for documentation and tests: NationNumeric → name. */
export function nationName(n: number): string | null {
  for (const [numeric, , , name] of NATIONS) if (numeric === n) return name;
  return null;
}
