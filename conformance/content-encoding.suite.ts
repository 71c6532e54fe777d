/**
 * How the MikroORM adapter keeps original bytes (adapters/storage/imports/content-codec.ts), on each database:
 * compressed only when smaller, always read back exactly, an unknown encoding refused.
 */
import type { TAP } from 'tap';
import type { SqlImportStore } from '../adapters/storage/imports/import-store.js';
import { buildParsedCard, workingDay } from '../core/use-cases/testing/parsed-card-builder.js';
import { newImport } from './new-import.js';

export function contentEncodingSuite(t: TAP, name: string, open: () => Promise<SqlImportStore>): void {
  t.test(
    `${name}: original bytes are stored deflated when that is smaller; an unknown encoding is refused`,
    async (t) => {
      const store = await open();
      t.teardown(() => store.close());
      const card = buildParsedCard({ days: [workingDay('2026-03-02')] });
      const repetitive = new Uint8Array(30_000).map((_, i) => (i % 251 === 0 ? i & 0xff : 0x20));
      const random = new Uint8Array(4_000).map(() => Math.floor(Math.random() * 256));
      const inputs = [repetitive, random].map((content) => newImport(card, { content }));
      for (const input of inputs) await store.saveImport(input);
      const rows = await store.query('SELECT length(content) AS len, encoding FROM import_content ORDER BY import_pk');
      t.same(
        rows.map((r) => r.encoding),
        ['deflate-raw', null],
        'compressed only when smaller',
      );
      t.ok(Number(rows[0]!.len) < 1_000, `30,000 repetitive bytes stored in ${rows[0]!.len}`);
      t.same(await store.originalContent(inputs[0]!.import.import_id), repetitive);
      await store.query("UPDATE import_content SET encoding = 'lz-future'");
      await t.rejects(store.originalContent(inputs[0]!.import.import_id), { name: 'StorageError' }, 'never guessed');
    },
  );
}
