/**
 * `npm run bench`: runs every benchmark module of this folder in turn — decode (benchDecode), vehicle-unit decode
 * beside card decode (benchVuDecode), authenticity cost and import
 * throughput with / without verification (benchAuthenticity), EU 561
 * (benchEu561), service (benchService), the fast-path table (benchFastPath), fleet overview (benchFleet), stress (benchStress). A module that is missing or
 * fails is reported and the others run. The week view in Chromium (./e2e/week-view.bench.ts) drives playwright-core,
 * a development dependency kept out of dist/: `npm run bench` runs it afterwards through tsx (`npm run bench:browser`),
 * and so the fleet ten times larger (./scale.bench.ts, `npm run bench:scale`), which starts a throwaway PostgreSQL
 * cluster with the tests' own conformance/postgres-server.ts. BENCH_ONLY (comma-separated names, e.g.
 * `BENCH_ONLY=benchEu561,benchFastPath`) runs only those modules.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

type BenchModule = Record<string, unknown>;

export const BENCHES: ReadonlyArray<{ module: string; run: string }> = [
  { module: './decode.bench.js', run: 'benchDecode' },
  { module: './vu-decode.bench.js', run: 'benchVuDecode' },
  { module: './authenticity.bench.js', run: 'benchAuthenticity' },
  { module: './eu561.bench.js', run: 'benchEu561' },
  { module: './service.bench.js', run: 'benchService' },
  { module: './fast-path.bench.js', run: 'benchFastPath' },
  { module: './fleet.bench.js', run: 'benchFleet' },
  { module: './today.bench.js', run: 'benchToday' },
  { module: './stress.bench.js', run: 'benchStress' },
];

export async function runBenches(print: (line: string) => void = (line) => console.log(line)): Promise<number> {
  let failures = 0;
  const only = process.env.BENCH_ONLY?.split(',').filter((name) => name !== '');
  for (const bench of BENCHES.filter((b) => !only?.length || only.includes(b.run))) {
    print(`== ${bench.run} (${bench.module.replace('./', '').replace(/\.js$/, '.ts')})`);
    let loaded: BenchModule;
    try {
      loaded = (await import(bench.module)) as BenchModule;
    } catch (error) {
      print(
        `   missing: ${bench.module} could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      );
      failures++;
      continue;
    }
    const run = loaded[bench.run];
    if (typeof run !== 'function') {
      print(`   missing: ${bench.module} does not export ${bench.run}()`);
      failures++;
      continue;
    }
    try {
      await (run as () => Promise<void>)();
    } catch (error) {
      print(`   failed: ${error instanceof Error ? error.message : String(error)}`);
      failures++;
    }
  }
  return failures;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  runBenches().then((failures) => {
    process.exitCode = failures === 0 ? 0 : 1;
  });
}
