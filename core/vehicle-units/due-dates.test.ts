import t from 'tap';
import { dayFromCivil } from '../time.js';
import { vuDueDates } from './due-dates.js';

const s = (iso: string) => Date.parse(iso) / 1000;
const DOWNLOAD = s('2026-03-03T15:00:00Z');
const NEXT_CAL = dayFromCivil(2026, 4, 10);

t.test('download due 90 days after the newest download, overdue once the clock passes it', async (t) => {
  const due = vuDueDates({ downloaded_at: DOWNLOAD, next_calibration: null }, s('2026-06-01T15:00:00Z'));
  t.equal(due.download_due_s, s('2026-06-01T15:00:00Z'));
  t.equal(due.download_overdue, false, 'at the due instant itself: not yet overdue');
  t.equal(
    vuDueDates({ downloaded_at: DOWNLOAD, next_calibration: null }, s('2026-06-01T15:00:01Z')).download_overdue,
    true,
  );
  // a VU download 95 days old
  t.equal(
    vuDueDates({ downloaded_at: DOWNLOAD, next_calibration: null }, s('2026-06-06T09:00:00Z')).download_overdue,
    true,
  );
  t.same(vuDueDates({ downloaded_at: null, next_calibration: null }, DOWNLOAD), {
    download_due_s: null,
    download_overdue: false,
    next_calibration_day: null,
    calibration_overdue: false,
    calibration_due_soon: false,
  });
});

t.test('calibration due on nextCalibrationDate: due soon within 30 days, overdue from the day after', async (t) => {
  const at = (iso: string) => vuDueDates({ downloaded_at: null, next_calibration: NEXT_CAL }, s(iso));
  // due in 20 days
  t.match(at('2026-03-21T10:00:00Z'), {
    next_calibration_day: NEXT_CAL,
    calibration_due_soon: true,
    calibration_overdue: false,
  });
  t.match(at('2026-03-11T10:00:00Z'), { calibration_due_soon: true }, '30 days ahead counts');
  t.match(at('2026-03-10T23:59:59Z'), { calibration_due_soon: false, calibration_overdue: false }, '31 days ahead');
  t.match(at('2026-04-10T23:59:59Z'), { calibration_due_soon: true, calibration_overdue: false }, 'on the day');
  t.match(at('2026-04-11T00:00:00Z'), { calibration_due_soon: false, calibration_overdue: true });
});
