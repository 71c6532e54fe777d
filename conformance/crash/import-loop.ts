/**
 * Child process of crash-consistency.test.ts: imports file after file into the SQLite database in
 * argv[2] through the real ImportDddFile use case and prints `ACK <import_id> <n>` once each import is
 * acknowledged. Runs until killed. File n decodes (via the test card builder) to expectedShape(n).
 */
import { createSqlStore } from '../../adapters/storage/open-storage.js';
import { NodeCryptoHasher } from '../../adapters/crypto/node-crypto-hasher.js';
import { RandomIdGenerator } from '../../adapters/crypto/random-id-generator.js';
import { SystemClock } from '../../adapters/clock/system-clock.js';
import { ImportDddFile } from '../../core/use-cases/import-ddd-file.js';
import { withDayRecords } from '../../core/use-cases/decode-card-file.js';
import { cardForFile } from './card-for-file.js';

const store = await createSqlStore({ dataDir: process.argv[2]! });
const importer = new ImportDddFile({
  store,
  hasher: new NodeCryptoHasher(),
  clock: new SystemClock(),
  ids: new RandomIdGenerator(),
  decodeCard: withDayRecords(
    async (content) => cardForFile(Number(new TextDecoder().decode(content).split(' ')[1])),
    new NodeCryptoHasher(),
  ),
});
process.stdout.write('READY\n');
for (let n = 0; ; n++) {
  const result = await importer.parse({
    file_name: `f${n}.ddd`,
    content: new TextEncoder().encode(`file ${n}`),
    archive_id: null,
  });
  process.stdout.write(`ACK ${result.import_id} ${n}\n`);
}
