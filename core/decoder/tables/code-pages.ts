/**
 * Character sets of the data dictionary's code-paged strings (Annex IC Appendix 1, §4 "Character sets"):
 * Name, Address, VehicleRegistrationNumber … carry a leading `codePage` byte that selects one of the
 * 8-bit sets ISO/IEC 8859-x or KOI8-R (80) / KOI8-U (85); bytes 0x20–0x7E are ASCII in every set.
 * §4 lists parts 1, 2, 3, 5, 7, 9, 13, 15, 16 and KOI8-R/U; we accept every part of ISO/IEC 8859 that exists
 * (1–11, 13–16; part 12 was never published), since 2.x says "a character set defined in ISO/IEC 8859".
 *
 * The tables are precomputed here (generated once from the ISO mappings, cross-checked in the test against
 * Node's TextDecoder) so that decoding needs no ICU at run time. Positions a part leaves undefined decode to
 * U+FFFD. Bytes below 0xA0 (8859) / 0x80 (KOI8) map to the same code point (ASCII and C0/C1 controls).
 */

import { safeCodeUnit } from '../../domain/text.js';

/** Upper halves: code page → characters from 0xA0 (ISO 8859) or 0x80 (KOI8) up to 0xFF. */
const UPPER_HALVES: ReadonlyArray<readonly [number, string]> = [
  [
    1, // ISO/IEC 8859-1, 0xA0-0xFF
    '\u00A0\u00A1\u00A2\u00A3\u00A4\u00A5\u00A6\u00A7\u00A8\u00A9\u00AA\u00AB\u00AC\u00AD\u00AE\u00AF' + // A0-AF
      '\u00B0\u00B1\u00B2\u00B3\u00B4\u00B5\u00B6\u00B7\u00B8\u00B9\u00BA\u00BB\u00BC\u00BD\u00BE\u00BF' + // B0-BF
      '\u00C0\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF' + // C0-CF
      '\u00D0\u00D1\u00D2\u00D3\u00D4\u00D5\u00D6\u00D7\u00D8\u00D9\u00DA\u00DB\u00DC\u00DD\u00DE\u00DF' + // D0-DF
      '\u00E0\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF' + // E0-EF
      '\u00F0\u00F1\u00F2\u00F3\u00F4\u00F5\u00F6\u00F7\u00F8\u00F9\u00FA\u00FB\u00FC\u00FD\u00FE\u00FF', // F0-FF
  ],
  [
    2, // ISO/IEC 8859-2, 0xA0-0xFF
    '\u00A0\u0104\u02D8\u0141\u00A4\u013D\u015A\u00A7\u00A8\u0160\u015E\u0164\u0179\u00AD\u017D\u017B' + // A0-AF
      '\u00B0\u0105\u02DB\u0142\u00B4\u013E\u015B\u02C7\u00B8\u0161\u015F\u0165\u017A\u02DD\u017E\u017C' + // B0-BF
      '\u0154\u00C1\u00C2\u0102\u00C4\u0139\u0106\u00C7\u010C\u00C9\u0118\u00CB\u011A\u00CD\u00CE\u010E' + // C0-CF
      '\u0110\u0143\u0147\u00D3\u00D4\u0150\u00D6\u00D7\u0158\u016E\u00DA\u0170\u00DC\u00DD\u0162\u00DF' + // D0-DF
      '\u0155\u00E1\u00E2\u0103\u00E4\u013A\u0107\u00E7\u010D\u00E9\u0119\u00EB\u011B\u00ED\u00EE\u010F' + // E0-EF
      '\u0111\u0144\u0148\u00F3\u00F4\u0151\u00F6\u00F7\u0159\u016F\u00FA\u0171\u00FC\u00FD\u0163\u02D9', // F0-FF
  ],
  [
    3, // ISO/IEC 8859-3, 0xA0-0xFF
    '\u00A0\u0126\u02D8\u00A3\u00A4\uFFFD\u0124\u00A7\u00A8\u0130\u015E\u011E\u0134\u00AD\uFFFD\u017B' + // A0-AF
      '\u00B0\u0127\u00B2\u00B3\u00B4\u00B5\u0125\u00B7\u00B8\u0131\u015F\u011F\u0135\u00BD\uFFFD\u017C' + // B0-BF
      '\u00C0\u00C1\u00C2\uFFFD\u00C4\u010A\u0108\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF' + // C0-CF
      '\uFFFD\u00D1\u00D2\u00D3\u00D4\u0120\u00D6\u00D7\u011C\u00D9\u00DA\u00DB\u00DC\u016C\u015C\u00DF' + // D0-DF
      '\u00E0\u00E1\u00E2\uFFFD\u00E4\u010B\u0109\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF' + // E0-EF
      '\uFFFD\u00F1\u00F2\u00F3\u00F4\u0121\u00F6\u00F7\u011D\u00F9\u00FA\u00FB\u00FC\u016D\u015D\u02D9', // F0-FF
  ],
  [
    4, // ISO/IEC 8859-4, 0xA0-0xFF
    '\u00A0\u0104\u0138\u0156\u00A4\u0128\u013B\u00A7\u00A8\u0160\u0112\u0122\u0166\u00AD\u017D\u00AF' + // A0-AF
      '\u00B0\u0105\u02DB\u0157\u00B4\u0129\u013C\u02C7\u00B8\u0161\u0113\u0123\u0167\u014A\u017E\u014B' + // B0-BF
      '\u0100\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u012E\u010C\u00C9\u0118\u00CB\u0116\u00CD\u00CE\u012A' + // C0-CF
      '\u0110\u0145\u014C\u0136\u00D4\u00D5\u00D6\u00D7\u00D8\u0172\u00DA\u00DB\u00DC\u0168\u016A\u00DF' + // D0-DF
      '\u0101\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u012F\u010D\u00E9\u0119\u00EB\u0117\u00ED\u00EE\u012B' + // E0-EF
      '\u0111\u0146\u014D\u0137\u00F4\u00F5\u00F6\u00F7\u00F8\u0173\u00FA\u00FB\u00FC\u0169\u016B\u02D9', // F0-FF
  ],
  [
    5, // ISO/IEC 8859-5, 0xA0-0xFF
    '\u00A0\u0401\u0402\u0403\u0404\u0405\u0406\u0407\u0408\u0409\u040A\u040B\u040C\u00AD\u040E\u040F' + // A0-AF
      '\u0410\u0411\u0412\u0413\u0414\u0415\u0416\u0417\u0418\u0419\u041A\u041B\u041C\u041D\u041E\u041F' + // B0-BF
      '\u0420\u0421\u0422\u0423\u0424\u0425\u0426\u0427\u0428\u0429\u042A\u042B\u042C\u042D\u042E\u042F' + // C0-CF
      '\u0430\u0431\u0432\u0433\u0434\u0435\u0436\u0437\u0438\u0439\u043A\u043B\u043C\u043D\u043E\u043F' + // D0-DF
      '\u0440\u0441\u0442\u0443\u0444\u0445\u0446\u0447\u0448\u0449\u044A\u044B\u044C\u044D\u044E\u044F' + // E0-EF
      '\u2116\u0451\u0452\u0453\u0454\u0455\u0456\u0457\u0458\u0459\u045A\u045B\u045C\u00A7\u045E\u045F', // F0-FF
  ],
  [
    6, // ISO/IEC 8859-6, 0xA0-0xFF
    '\u00A0\uFFFD\uFFFD\uFFFD\u00A4\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\u060C\u00AD\uFFFD\uFFFD' + // A0-AF
      '\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\u061B\uFFFD\uFFFD\uFFFD\u061F' + // B0-BF
      '\uFFFD\u0621\u0622\u0623\u0624\u0625\u0626\u0627\u0628\u0629\u062A\u062B\u062C\u062D\u062E\u062F' + // C0-CF
      '\u0630\u0631\u0632\u0633\u0634\u0635\u0636\u0637\u0638\u0639\u063A\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD' + // D0-DF
      '\u0640\u0641\u0642\u0643\u0644\u0645\u0646\u0647\u0648\u0649\u064A\u064B\u064C\u064D\u064E\u064F' + // E0-EF
      '\u0650\u0651\u0652\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD', // F0-FF
  ],
  [
    7, // ISO/IEC 8859-7, 0xA0-0xFF
    '\u00A0\u2018\u2019\u00A3\u20AC\u20AF\u00A6\u00A7\u00A8\u00A9\u037A\u00AB\u00AC\u00AD\uFFFD\u2015' + // A0-AF
      '\u00B0\u00B1\u00B2\u00B3\u0384\u0385\u0386\u00B7\u0388\u0389\u038A\u00BB\u038C\u00BD\u038E\u038F' + // B0-BF
      '\u0390\u0391\u0392\u0393\u0394\u0395\u0396\u0397\u0398\u0399\u039A\u039B\u039C\u039D\u039E\u039F' + // C0-CF
      '\u03A0\u03A1\uFFFD\u03A3\u03A4\u03A5\u03A6\u03A7\u03A8\u03A9\u03AA\u03AB\u03AC\u03AD\u03AE\u03AF' + // D0-DF
      '\u03B0\u03B1\u03B2\u03B3\u03B4\u03B5\u03B6\u03B7\u03B8\u03B9\u03BA\u03BB\u03BC\u03BD\u03BE\u03BF' + // E0-EF
      '\u03C0\u03C1\u03C2\u03C3\u03C4\u03C5\u03C6\u03C7\u03C8\u03C9\u03CA\u03CB\u03CC\u03CD\u03CE\uFFFD', // F0-FF
  ],
  [
    8, // ISO/IEC 8859-8, 0xA0-0xFF
    '\u00A0\uFFFD\u00A2\u00A3\u00A4\u00A5\u00A6\u00A7\u00A8\u00A9\u00D7\u00AB\u00AC\u00AD\u00AE\u00AF' + // A0-AF
      '\u00B0\u00B1\u00B2\u00B3\u00B4\u00B5\u00B6\u00B7\u00B8\u00B9\u00F7\u00BB\u00BC\u00BD\u00BE\uFFFD' + // B0-BF
      '\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD' + // C0-CF
      '\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\u2017' + // D0-DF
      '\u05D0\u05D1\u05D2\u05D3\u05D4\u05D5\u05D6\u05D7\u05D8\u05D9\u05DA\u05DB\u05DC\u05DD\u05DE\u05DF' + // E0-EF
      '\u05E0\u05E1\u05E2\u05E3\u05E4\u05E5\u05E6\u05E7\u05E8\u05E9\u05EA\uFFFD\uFFFD\u200E\u200F\uFFFD', // F0-FF
  ],
  [
    9, // ISO/IEC 8859-9, 0xA0-0xFF
    '\u00A0\u00A1\u00A2\u00A3\u00A4\u00A5\u00A6\u00A7\u00A8\u00A9\u00AA\u00AB\u00AC\u00AD\u00AE\u00AF' + // A0-AF
      '\u00B0\u00B1\u00B2\u00B3\u00B4\u00B5\u00B6\u00B7\u00B8\u00B9\u00BA\u00BB\u00BC\u00BD\u00BE\u00BF' + // B0-BF
      '\u00C0\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF' + // C0-CF
      '\u011E\u00D1\u00D2\u00D3\u00D4\u00D5\u00D6\u00D7\u00D8\u00D9\u00DA\u00DB\u00DC\u0130\u015E\u00DF' + // D0-DF
      '\u00E0\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF' + // E0-EF
      '\u011F\u00F1\u00F2\u00F3\u00F4\u00F5\u00F6\u00F7\u00F8\u00F9\u00FA\u00FB\u00FC\u0131\u015F\u00FF', // F0-FF
  ],
  [
    10, // ISO/IEC 8859-10, 0xA0-0xFF
    '\u00A0\u0104\u0112\u0122\u012A\u0128\u0136\u00A7\u013B\u0110\u0160\u0166\u017D\u00AD\u016A\u014A' + // A0-AF
      '\u00B0\u0105\u0113\u0123\u012B\u0129\u0137\u00B7\u013C\u0111\u0161\u0167\u017E\u2015\u016B\u014B' + // B0-BF
      '\u0100\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u012E\u010C\u00C9\u0118\u00CB\u0116\u00CD\u00CE\u00CF' + // C0-CF
      '\u00D0\u0145\u014C\u00D3\u00D4\u00D5\u00D6\u0168\u00D8\u0172\u00DA\u00DB\u00DC\u00DD\u00DE\u00DF' + // D0-DF
      '\u0101\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u012F\u010D\u00E9\u0119\u00EB\u0117\u00ED\u00EE\u00EF' + // E0-EF
      '\u00F0\u0146\u014D\u00F3\u00F4\u00F5\u00F6\u0169\u00F8\u0173\u00FA\u00FB\u00FC\u00FD\u00FE\u0138', // F0-FF
  ],
  [
    11, // ISO/IEC 8859-11, 0xA0-0xFF
    '\u00A0\u0E01\u0E02\u0E03\u0E04\u0E05\u0E06\u0E07\u0E08\u0E09\u0E0A\u0E0B\u0E0C\u0E0D\u0E0E\u0E0F' + // A0-AF
      '\u0E10\u0E11\u0E12\u0E13\u0E14\u0E15\u0E16\u0E17\u0E18\u0E19\u0E1A\u0E1B\u0E1C\u0E1D\u0E1E\u0E1F' + // B0-BF
      '\u0E20\u0E21\u0E22\u0E23\u0E24\u0E25\u0E26\u0E27\u0E28\u0E29\u0E2A\u0E2B\u0E2C\u0E2D\u0E2E\u0E2F' + // C0-CF
      '\u0E30\u0E31\u0E32\u0E33\u0E34\u0E35\u0E36\u0E37\u0E38\u0E39\u0E3A\uFFFD\uFFFD\uFFFD\uFFFD\u0E3F' + // D0-DF
      '\u0E40\u0E41\u0E42\u0E43\u0E44\u0E45\u0E46\u0E47\u0E48\u0E49\u0E4A\u0E4B\u0E4C\u0E4D\u0E4E\u0E4F' + // E0-EF
      '\u0E50\u0E51\u0E52\u0E53\u0E54\u0E55\u0E56\u0E57\u0E58\u0E59\u0E5A\u0E5B\uFFFD\uFFFD\uFFFD\uFFFD', // F0-FF
  ],
  [
    13, // ISO/IEC 8859-13, 0xA0-0xFF
    '\u00A0\u201D\u00A2\u00A3\u00A4\u201E\u00A6\u00A7\u00D8\u00A9\u0156\u00AB\u00AC\u00AD\u00AE\u00C6' + // A0-AF
      '\u00B0\u00B1\u00B2\u00B3\u201C\u00B5\u00B6\u00B7\u00F8\u00B9\u0157\u00BB\u00BC\u00BD\u00BE\u00E6' + // B0-BF
      '\u0104\u012E\u0100\u0106\u00C4\u00C5\u0118\u0112\u010C\u00C9\u0179\u0116\u0122\u0136\u012A\u013B' + // C0-CF
      '\u0160\u0143\u0145\u00D3\u014C\u00D5\u00D6\u00D7\u0172\u0141\u015A\u016A\u00DC\u017B\u017D\u00DF' + // D0-DF
      '\u0105\u012F\u0101\u0107\u00E4\u00E5\u0119\u0113\u010D\u00E9\u017A\u0117\u0123\u0137\u012B\u013C' + // E0-EF
      '\u0161\u0144\u0146\u00F3\u014D\u00F5\u00F6\u00F7\u0173\u0142\u015B\u016B\u00FC\u017C\u017E\u2019', // F0-FF
  ],
  [
    14, // ISO/IEC 8859-14, 0xA0-0xFF
    '\u00A0\u1E02\u1E03\u00A3\u010A\u010B\u1E0A\u00A7\u1E80\u00A9\u1E82\u1E0B\u1EF2\u00AD\u00AE\u0178' + // A0-AF
      '\u1E1E\u1E1F\u0120\u0121\u1E40\u1E41\u00B6\u1E56\u1E81\u1E57\u1E83\u1E60\u1EF3\u1E84\u1E85\u1E61' + // B0-BF
      '\u00C0\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF' + // C0-CF
      '\u0174\u00D1\u00D2\u00D3\u00D4\u00D5\u00D6\u1E6A\u00D8\u00D9\u00DA\u00DB\u00DC\u00DD\u0176\u00DF' + // D0-DF
      '\u00E0\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF' + // E0-EF
      '\u0175\u00F1\u00F2\u00F3\u00F4\u00F5\u00F6\u1E6B\u00F8\u00F9\u00FA\u00FB\u00FC\u00FD\u0177\u00FF', // F0-FF
  ],
  [
    15, // ISO/IEC 8859-15, 0xA0-0xFF
    '\u00A0\u00A1\u00A2\u00A3\u20AC\u00A5\u0160\u00A7\u0161\u00A9\u00AA\u00AB\u00AC\u00AD\u00AE\u00AF' + // A0-AF
      '\u00B0\u00B1\u00B2\u00B3\u017D\u00B5\u00B6\u00B7\u017E\u00B9\u00BA\u00BB\u0152\u0153\u0178\u00BF' + // B0-BF
      '\u00C0\u00C1\u00C2\u00C3\u00C4\u00C5\u00C6\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF' + // C0-CF
      '\u00D0\u00D1\u00D2\u00D3\u00D4\u00D5\u00D6\u00D7\u00D8\u00D9\u00DA\u00DB\u00DC\u00DD\u00DE\u00DF' + // D0-DF
      '\u00E0\u00E1\u00E2\u00E3\u00E4\u00E5\u00E6\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF' + // E0-EF
      '\u00F0\u00F1\u00F2\u00F3\u00F4\u00F5\u00F6\u00F7\u00F8\u00F9\u00FA\u00FB\u00FC\u00FD\u00FE\u00FF', // F0-FF
  ],
  [
    16, // ISO/IEC 8859-16, 0xA0-0xFF
    '\u00A0\u0104\u0105\u0141\u20AC\u201E\u0160\u00A7\u0161\u00A9\u0218\u00AB\u0179\u00AD\u017A\u017B' + // A0-AF
      '\u00B0\u00B1\u010C\u0142\u017D\u201D\u00B6\u00B7\u017E\u010D\u0219\u00BB\u0152\u0153\u0178\u017C' + // B0-BF
      '\u00C0\u00C1\u00C2\u0102\u00C4\u0106\u00C6\u00C7\u00C8\u00C9\u00CA\u00CB\u00CC\u00CD\u00CE\u00CF' + // C0-CF
      '\u0110\u0143\u00D2\u00D3\u00D4\u0150\u00D6\u015A\u0170\u00D9\u00DA\u00DB\u00DC\u0118\u021A\u00DF' + // D0-DF
      '\u00E0\u00E1\u00E2\u0103\u00E4\u0107\u00E6\u00E7\u00E8\u00E9\u00EA\u00EB\u00EC\u00ED\u00EE\u00EF' + // E0-EF
      '\u0111\u0144\u00F2\u00F3\u00F4\u0151\u00F6\u015B\u0171\u00F9\u00FA\u00FB\u00FC\u0119\u021B\u00FF', // F0-FF
  ],
  [
    80, // KOI8-R, 0x80-0xFF
    '\u2500\u2502\u250C\u2510\u2514\u2518\u251C\u2524\u252C\u2534\u253C\u2580\u2584\u2588\u258C\u2590' + // 80-8F
      '\u2591\u2592\u2593\u2320\u25A0\u2219\u221A\u2248\u2264\u2265\u00A0\u2321\u00B0\u00B2\u00B7\u00F7' + // 90-9F
      '\u2550\u2551\u2552\u0451\u2553\u2554\u2555\u2556\u2557\u2558\u2559\u255A\u255B\u255C\u255D\u255E' + // A0-AF
      '\u255F\u2560\u2561\u0401\u2562\u2563\u2564\u2565\u2566\u2567\u2568\u2569\u256A\u256B\u256C\u00A9' + // B0-BF
      '\u044E\u0430\u0431\u0446\u0434\u0435\u0444\u0433\u0445\u0438\u0439\u043A\u043B\u043C\u043D\u043E' + // C0-CF
      '\u043F\u044F\u0440\u0441\u0442\u0443\u0436\u0432\u044C\u044B\u0437\u0448\u044D\u0449\u0447\u044A' + // D0-DF
      '\u042E\u0410\u0411\u0426\u0414\u0415\u0424\u0413\u0425\u0418\u0419\u041A\u041B\u041C\u041D\u041E' + // E0-EF
      '\u041F\u042F\u0420\u0421\u0422\u0423\u0416\u0412\u042C\u042B\u0417\u0428\u042D\u0429\u0427\u042A', // F0-FF
  ],
  [
    85, // KOI8-U, 0x80-0xFF
    '\u2500\u2502\u250C\u2510\u2514\u2518\u251C\u2524\u252C\u2534\u253C\u2580\u2584\u2588\u258C\u2590' + // 80-8F
      '\u2591\u2592\u2593\u2320\u25A0\u2219\u221A\u2248\u2264\u2265\u00A0\u2321\u00B0\u00B2\u00B7\u00F7' + // 90-9F
      '\u2550\u2551\u2552\u0451\u0454\u2554\u0456\u0457\u2557\u2558\u2559\u255A\u255B\u0491\u255D\u255E' + // A0-AF
      '\u255F\u2560\u2561\u0401\u0404\u2563\u0406\u0407\u2566\u2567\u2568\u2569\u256A\u0490\u256C\u00A9' + // B0-BF
      '\u044E\u0430\u0431\u0446\u0434\u0435\u0444\u0433\u0445\u0438\u0439\u043A\u043B\u043C\u043D\u043E' + // C0-CF
      '\u043F\u044F\u0440\u0441\u0442\u0443\u0436\u0432\u044C\u044B\u0437\u0448\u044D\u0449\u0447\u044A' + // D0-DF
      '\u042E\u0410\u0411\u0426\u0414\u0415\u0424\u0413\u0425\u0418\u0419\u041A\u041B\u041C\u041D\u041E' + // E0-EF
      '\u041F\u042F\u0420\u0421\u0422\u0423\u0416\u0412\u042C\u042B\u0417\u0428\u042D\u0429\u0427\u042A', // F0-FF
  ],
];

/** One 256-entry UTF-16 table per known code page, indexed by byte value. */
const TABLES: ReadonlyArray<Uint16Array | undefined> = buildTables();

function buildTables(): Array<Uint16Array | undefined> {
  const tables: Array<Uint16Array | undefined> = new Array(256).fill(undefined);
  for (const [codePage, upper] of UPPER_HALVES) {
    const table = new Uint16Array(256);
    const first = 256 - upper.length;
    for (let b = 0; b < first; b++) table[b] = b;
    for (let i = 0; i < upper.length; i++) table[first + i] = upper.charCodeAt(i);
    tables[codePage] = table;
  }
  return tables;
}

/** true for the code pages this module has a table for (ISO/IEC 8859-1…11, 13…16, KOI8-R 80, KOI8-U 85). */
export function isKnownCodePage(codePage: number): boolean {
  return codePage >= 0 && codePage < 256 && TABLES[codePage] !== undefined;
}

/** Padding trimmed from both ends of a string field: space, 0x00 and 0xFF. */
function isPadding(byte: number): boolean {
  return byte === 0x20 || byte === 0x00 || byte === 0xff;
}

/** Builds a string from UTF-16 code units; `String.fromCharCode.apply` over a small plain array is the fastest
 * way to do this in V8 for the short strings of card data (faster than concatenation or TextDecoder). */
function fromCodes(codes: number[]): string {
  if (codes.length <= 1024) return String.fromCharCode.apply(null, codes);
  // long inputs (not found in card data): stay below the engine's argument-count limit
  let s = '';
  for (let i = 0; i < codes.length; i += 1024) s += String.fromCharCode.apply(null, codes.slice(i, i + 1024));
  return s;
}

/**
 * Decodes `length` bytes at `offset` (the string's bytes, WITHOUT its code-page byte) in the given code page.
 * Trims spaces and 0x00/0xFF padding at both ends; an empty result is null. Code page 0 or 0xFF means
 * "no value" → null. A code page without a table (12, 17…, not 80/85) decodes as ISO/IEC 8859-1; callers that
 * want to warn check isKnownCodePage first. Bytes beyond the end of `bytes` are ignored.
 */
export function decodeCodePageString(
  bytes: Uint8Array,
  offset: number,
  length: number,
  codePage: number,
): string | null {
  if (codePage === 0 || codePage === 0xff) return null;
  const table = (codePage >= 0 && codePage < 256 ? TABLES[codePage] : undefined) ?? TABLES[1]!;
  return decodeTrimmed(bytes, offset, length, table);
}

/** IA5 (ASCII 0x00..0x7E); anything above is not IA5 and decodes to U+FFFD. */
const IA5_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256).fill(0xfffd);
  for (let b = 0; b < 0x7f; b++) table[b] = b;
  return table;
})();

/**
 * Decodes an IA5String (ASCII; card numbers, licence numbers, NationAlpha …): trimmed of spaces and
 * 0x00/0xFF padding, empty → null. A byte above 0x7E (not IA5) decodes to U+FFFD.
 */
export function decodeIa5String(bytes: Uint8Array, offset: number, length: number): string | null {
  return decodeTrimmed(bytes, offset, length, IA5_TABLE);
}

/** Trims padding at both ends of `length` bytes at `offset`, maps each byte through `table`; empty → null. */
function decodeTrimmed(bytes: Uint8Array, offset: number, length: number, table: Uint16Array): string | null {
  let start = offset;
  let end = Math.min(offset + length, bytes.length);
  while (start < end && isPadding(bytes[start]!)) start++;
  while (end > start && isPadding(bytes[end - 1]!)) end--;
  const n = end - start;
  if (n <= 0) return null;
  const out: number[] = new Array(n);
  // controls (0x00-0x1F, 0x7F, C1) become U+FFFD: the one text rule of core/domain/text.ts
  for (let i = 0; i < n; i++) out[i] = safeCodeUnit(table[bytes[start + i]!]!);
  return fromCodes(out);
}
