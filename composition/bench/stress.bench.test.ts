import t from 'tap';
import { benchStress } from './stress.bench.js';

t.test('the stress benchmark runs a short load on the service and on a bare h3 handler and prints both', async (t) => {
  const lines: string[] = [];
  const { service, bare } = await benchStress({ clients: 2, durationMs: 800, print: (line) => lines.push(line) });
  t.ok(
    [...service.statuses.keys()].every((s) => s === 200 || s === 503),
    `service statuses ${[...service.statuses.keys()]}`,
  );
  t.ok(service.times.size >= 1 && bare.times.size >= 1);
  t.ok(service.peakRssMb > 0);
  t.match(lines.join('\n'), /service \(SQLite\).*req\/s[\s\S]*bare h3 handler[\s\S]*throughput ratio/);
});
