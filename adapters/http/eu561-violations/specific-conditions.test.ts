/** The pre-check with the card's specific conditions over HTTP on SQLite (./specific-conditions.scenario.ts). */
import t from 'tap';
import { specificConditionsScenario } from './specific-conditions.scenario.js';

t.test('pre-check with specific conditions on SQLite', (t) => specificConditionsScenario(t));
