import t from 'tap';
import { describeEventFault, STANDARD_EVENT_FAULT_CODES } from './event-fault-types.js';

t.test('general events (0x0x), gen1 and gen2', async (t) => {
  t.same(describeEventFault(0x00), { type: 'GENERAL_EVENT', description: 'General event, no further details' });
  t.same(describeEventFault(0x01), {
    type: 'INSERTION_OF_NON_VALID_CARD',
    description: 'Insertion of a non valid card',
  });
  t.equal(describeEventFault(0x02)?.type, 'CARD_CONFLICT');
  t.equal(describeEventFault(0x03)?.type, 'TIME_OVERLAP');
  t.equal(describeEventFault(0x04)?.type, 'DRIVING_WITHOUT_APPROPRIATE_CARD');
  t.same(describeEventFault(0x05), {
    type: 'CARD_INSERTION_WHILE_DRIVING',
    description: 'Card insertion while driving',
  });
  t.equal(describeEventFault(0x06)?.type, 'LAST_CARD_SESSION_NOT_CORRECTLY_CLOSED');
  t.equal(describeEventFault(0x07)?.type, 'OVER_SPEEDING');
  t.equal(describeEventFault(0x08)?.type, 'POWER_SUPPLY_INTERRUPTION');
  t.equal(describeEventFault(0x09)?.type, 'MOTION_DATA_ERROR');
  t.equal(describeEventFault(0x0a)?.type, 'VEHICLE_MOTION_CONFLICT');
  t.equal(describeEventFault(0x0b)?.description, 'Time conflict (GNSS versus VU internal clock)');
  t.equal(describeEventFault(0x0c)?.description, 'Communication error with the remote communication facility');
  t.equal(describeEventFault(0x0d)?.description, 'Absence of position information from GNSS receiver');
  t.equal(describeEventFault(0x0e)?.description, 'Communication error with the external GNSS facility');
  t.same(describeEventFault(0x0f), { type: 'GNSS_ANOMALY', description: 'GNSS anomaly' });
});

t.test('vehicle unit security breach attempts (0x1x)', async (t) => {
  t.equal(describeEventFault(0x10)?.type, 'VU_SECURITY_BREACH_ATTEMPT');
  t.equal(describeEventFault(0x11)?.description, 'Motion sensor authentication failure');
  t.equal(describeEventFault(0x12)?.type, 'TACHOGRAPH_CARD_AUTHENTICATION_FAILURE');
  t.equal(describeEventFault(0x18)?.type, 'VU_HARDWARE_SABOTAGE');
  t.equal(describeEventFault(0x19)?.description, 'Tamper detection of GNSS');
  t.equal(describeEventFault(0x1b)?.type, 'EXTERNAL_GNSS_FACILITY_CERTIFICATE_EXPIRED');
  t.equal(describeEventFault(0x1c)?.description, 'Inconsistency between motion data and stored driver activity data');
  for (const rfu of [0x1d, 0x1e, 0x1f]) t.equal(describeEventFault(rfu), null, `0x${rfu.toString(16)} RFU`);
});

t.test('sensor security breach attempts (0x2x)', async (t) => {
  t.equal(describeEventFault(0x20)?.type, 'SENSOR_SECURITY_BREACH_ATTEMPT');
  t.same(describeEventFault(0x21), {
    type: 'SENSOR_AUTHENTICATION_FAILURE',
    description: 'Sensor authentication failure',
  });
  t.equal(describeEventFault(0x25)?.type, 'SENSOR_HARDWARE_SABOTAGE');
  t.equal(describeEventFault(0x26), null);
  t.equal(describeEventFault(0x2f), null);
});

t.test('recording equipment faults (0x3x) and card faults (0x4x)', async (t) => {
  t.equal(describeEventFault(0x30)?.type, 'RECORDING_EQUIPMENT_FAULT');
  t.same(describeEventFault(0x31), { type: 'VU_INTERNAL_FAULT', description: 'VU internal fault' });
  t.equal(describeEventFault(0x32)?.type, 'PRINTER_FAULT');
  t.equal(describeEventFault(0x35)?.type, 'SENSOR_FAULT');
  t.equal(describeEventFault(0x39)?.type, 'ITS_INTERFACE_FAULT');
  t.equal(describeEventFault(0x3a)?.description, 'Internal sensor fault');
  t.equal(describeEventFault(0x3b), null);
  t.same(describeEventFault(0x40), { type: 'CARD_FAULT', description: 'Card fault, no further details' });
  t.equal(describeEventFault(0x41), null);
  t.equal(describeEventFault(0x4f), null);
});

t.test('RFU, manufacturer specific and out-of-range codes have no standard meaning', async (t) => {
  for (const code of [0x50, 0x66, 0x7f]) t.equal(describeEventFault(code), null, `RFU 0x${code.toString(16)}`);
  for (const code of [0x80, 0x9a, 0xff]) t.equal(describeEventFault(code), null, `manufacturer 0x${code.toString(16)}`);
  t.equal(describeEventFault(-1), null);
  t.equal(describeEventFault(256), null);
  t.equal(describeEventFault(1.5), null);
  t.equal(describeEventFault(Number.NaN), null);
});

t.test('table shape: 47 standard codes, unique UPPER_SNAKE types, clean descriptions', async (t) => {
  t.equal(STANDARD_EVENT_FAULT_CODES.length, 47);
  const types = new Set<string>();
  for (const code of STANDARD_EVENT_FAULT_CODES) {
    const d = describeEventFault(code);
    t.ok(d, `0x${code.toString(16)} described`);
    if (!d) continue;
    t.match(d.type, /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    t.notOk(types.has(d.type), `type ${d.type} unique`);
    types.add(d.type);
    t.notMatch(d.description, /<br>|,$|\s{2}|-\s/, `description of 0x${code.toString(16)} has no PDF artefacts`);
  }
  t.ok(Object.isFrozen(describeEventFault(0x05)));
});
