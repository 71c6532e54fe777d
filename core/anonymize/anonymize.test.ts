/**
 * The anonymizer round trip on every fixture of fixtures/ddd and on the real samples of ../shared/samples:
 * same layout and size, the same activity intervals, events, faults (registration numbers aside) and positions,
 * and no identifying string of the original, in any code page, left in the output bytes.
 * Messages never print the real samples' personal data (only counts and field kinds).
 */
import t, { type Test } from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportMissingDependency } from '../../conformance/missing-dependency.js';
import { encodeCodePage } from '../../fixtures/encoder/code-pages.js';
import { DddDecodeError, decodeDddBytes } from '../decoder/index.js';
import type { DecodedCard } from '../domain/card.js';
import type { ParsedCard } from '../domain/rows.js';
import { toParsedCard } from '../rows/to-parsed-card.js';
import { anonymizeDdd } from './index.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/ddd/', import.meta.url));
const SAMPLES =
  process.env.DRIVERCARD_SAMPLES_DIR ?? fileURLToPath(new URL('../../../shared/samples/', import.meta.url));

/** the identifying texts of a decoded card, by kind */
function identifying(card: DecodedCard): Array<{ kind: string; text: string }> {
  const out: Array<{ kind: string; text: string }> = [];
  const add = (kind: string, text: string | null | undefined): void => {
    const v = text?.trim();
    if (v && v.length >= 4) out.push({ kind, text: v });
  };
  for (const app of [card.gen1, card.gen2]) {
    if (app === null) continue;
    add('surname', app.identification?.holderSurname.text);
    add('first names', app.identification?.holderFirstNames.text);
    for (const part of app.identification?.holderFirstNames.text?.split(/\s+/) ?? []) add('first name', part);
    add('card number', app.identification?.driverIdentification);
    add('licence number', app.drivingLicenceInfo?.licenceNumber);
    add('control card number', app.controlActivity?.controlCardNumber.cardNumber);
    add('registration', app.controlActivity?.controlVehicleRegistration.number.text);
    add('registration', app.currentUsage?.sessionOpenVehicle.number.text);
    for (const v of app.vehiclesUsed?.records ?? [])
      (add('registration', v.registration.number.text), add('vin', v.vin));
    for (const e of [...(app.events?.records ?? []), ...(app.faults?.records ?? [])])
      add('registration', e.vehicleRegistration.number.text);
  }
  return out;
}

/** the byte forms of a text: UTF-8, and each ISO 8859 part that can write it */
function encodings(text: string): Uint8Array[] {
  const forms: Uint8Array[] = [new TextEncoder().encode(text)];
  for (let cp = 1; cp <= 16; cp++) {
    if (cp === 12) continue;
    try {
      forms.push(encodeCodePage(cp, text));
    } catch {
      /* not writable in this part */
    }
  }
  return forms;
}

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  return (
    Buffer.from(hay.buffer, hay.byteOffset, hay.length).indexOf(
      Buffer.from(needle.buffer, needle.byteOffset, needle.length),
    ) >= 0
  );
}

const withoutNumbers = (rows: ParsedCard['events']) =>
  rows.map((r) => ({
    ...r,
    vehicle_registration: r.vehicle_registration && { ...r.vehicle_registration, number: null },
  }));

function roundTrip(t: Test, name: string, bytes: Uint8Array): void {
  let original: DecodedCard;
  try {
    original = decodeDddBytes(bytes);
  } catch (e) {
    if (e instanceof DddDecodeError) return;
    throw e;
  }
  const { bytes: out, notes } = anonymizeDdd(bytes);
  t.equal(out.length, bytes.length, `${name}: same size`);
  t.ok(
    notes.some((n) => /zero bytes/.test(n)),
    `${name}: says signatures and certificates were zeroed`,
  );
  const again = decodeDddBytes(out);
  t.same(again.blocks, original.blocks, `${name}: same TLV layout`);
  const a = toParsedCard(original);
  const b = toParsedCard(again);
  t.same(
    b.activities.map(({ card_number: _c, ...r }) => r),
    a.activities.map(({ card_number: _c, ...r }) => r),
    `${name}: same activity intervals`,
  );
  t.same(
    withoutNumbers(b.events).map(({ card_number: _c, ...r }) => r),
    withoutNumbers(a.events).map(({ card_number: _c, ...r }) => r),
    `${name}: same events`,
  );
  t.same(
    withoutNumbers(b.faults).map(({ card_number: _c, ...r }) => r),
    withoutNumbers(a.faults).map(({ card_number: _c, ...r }) => r),
    `${name}: same faults`,
  );
  t.same(
    b.positions.map(({ card_number: _c, ...r }) => r),
    a.positions.map(({ card_number: _c, ...r }) => r),
    `${name}: same positions`,
  );
  t.same(
    again.warnings.map((w) => w.code),
    original.warnings.map((w) => w.code),
    `${name}: same warnings`,
  );
  const left = identifying(original).filter(({ text }) => encodings(text).some((form) => contains(out, form)));
  t.same(
    left.map((l) => l.kind),
    [],
    `${name}: no identifying string left (${identifying(original).length} checked)`,
  );
  if (original.gen1?.identification) {
    t.equal(
      again.gen1?.identification?.issuingMemberState,
      original.gen1.identification.issuingMemberState,
      `${name}: nation kept`,
    );
    t.equal(
      again.gen1?.identification?.cardNumber?.length,
      original.gen1.identification.cardNumber?.length,
      `${name}: card number structure kept`,
    );
  }
  const g1 = again.gen1?.identification?.driverIdentification;
  const g2 = again.gen2?.identification?.driverIdentification;
  if (g1 && g2) t.equal(g2, g1, `${name}: the card number is replaced consistently in both DFs`);
}

t.test('round trip on every fixture', async (t) => {
  const names = readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.ddd'))
    .sort();
  for (const name of names) roundTrip(t, name, new Uint8Array(readFileSync(join(FIXTURES, name))));
});

t.test('coarsened positions are whole degrees; everything else as without coarsening', async (t) => {
  const bytes = new Uint8Array(readFileSync(join(FIXTURES, 'gen2v2-border-load.ddd')));
  const plain = anonymizeDdd(bytes).bytes;
  const coarse = anonymizeDdd(bytes, { coarsenPositions: true });
  t.match(coarse.notes.join('\n'), /coarsened/);
  const a = toParsedCard(decodeDddBytes(plain));
  const b = toParsedCard(decodeDddBytes(coarse.bytes));
  t.ok(a.activities.length > 0, 'activities to compare');
  t.same(b.activities, a.activities);
  t.equal(b.positions.length, a.positions.length);
  const located = b.positions.filter((p) => p.latitude !== null);
  t.ok(located.length >= 5, `${located.length} positions`);
  t.ok(
    located.every((p) => Number.isInteger(p.latitude) && Number.isInteger(p.longitude)),
    'whole degrees',
  );
  t.ok(
    a.positions.some((p, i) => p.latitude !== b.positions[i]!.latitude),
    'something was coarsened',
  );
  t.same(
    b.positions.map((p) => p.timestamp),
    a.positions.map((p) => p.timestamp),
    'times kept',
  );
});

t.test('the same original gets the same pseudonym; names and birth date replaced', async (t) => {
  const bytes = new Uint8Array(readFileSync(join(FIXTURES, 'gen2-full.ddd')));
  const once = anonymizeDdd(bytes).bytes;
  t.same(anonymizeDdd(bytes).bytes, once, 'deterministic');
  const card = decodeDddBytes(once);
  t.equal(card.gen2?.identification?.holderSurname.text, 'ANONYMOUS');
  t.equal(card.gen2?.identification?.holderFirstNames.text, 'DRIVER');
  t.equal(card.gen2?.identification?.birthDate, '1980-01-01');
  const regs = new Map<string, string>();
  const original = decodeDddBytes(bytes);
  original.gen2!.vehiclesUsed!.records.forEach((r, i) => {
    const now = card.gen2!.vehiclesUsed!.records[i]!.registration.number.text!;
    const was = r.registration.number.text;
    if (was === null) return;
    if (regs.has(was)) t.equal(now, regs.get(was), 'one registration, one pseudonym');
    regs.set(was, now);
    t.not(now, was);
    t.equal(now.length, was.length);
  });
  t.ok(regs.size > 1);
  const sec = card.gen2!.security;
  t.ok(
    [...sec.signatures.values()].every((s) => s.every((x) => x === 0)),
    'signatures zeroed',
  );
  t.ok(
    sec.cardSignCertificate!.every((x) => x === 0),
    'certificates zeroed',
  );
});

if (!existsSync(SAMPLES)) {
  reportMissingDependency(
    t,
    `REAL SAMPLES MISSING: ${SAMPLES} does not exist; the anonymizer's real-sample round trip did not run.`,
    'CI checks out ../shared beside the repository',
  );
} else {
  t.test('round trip on the real samples', async (t) => {
    const names = readdirSync(SAMPLES)
      .filter((f) => f.toLowerCase().endsWith('.ddd'))
      .sort();
    t.ok(names.length > 0);
    for (const name of names) roundTrip(t, name, new Uint8Array(readFileSync(join(SAMPLES, name))));
  });
}
