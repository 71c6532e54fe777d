/** GET /api/drivercard/today and /today/drivers on SQLite (the scenario: ../testing/today-scenario.ts). */
import t from 'tap';
import { todayScenario } from '../testing/today-scenario.js';

t.test('today: counts of a small fleet, each list the cards it counts; a review closes a finding', (t) =>
  todayScenario(t),
);
