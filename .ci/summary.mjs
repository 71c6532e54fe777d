// Reads tap's closing "# { total: N, pass: N, fail: N, skip: N }" line from a test log and prints the
// plain "N passed, N failed" line CI reads. A run that failed without such a line counts as one failure.
import { readFileSync } from 'node:fs';

const [log, status] = process.argv.slice(2);
const text = readFileSync(log, 'utf8');
const lines = [...text.matchAll(/^# \{ total: \d+[^}]*\}$/gm)];
const last = lines.at(-1)?.[0] ?? '';
const count = (name) => Number(new RegExp(`${name}: (\\d+)`).exec(last)?.[1] ?? 0);
let passed = count('pass');
let failed = count('fail') + count('todo') * 0;
const skipped = count('skip');
if (Number(status) !== 0 && failed === 0) failed = 1; // e.g. coverage below threshold or a crash
if (!last && Number(status) === 0) passed = 0;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
