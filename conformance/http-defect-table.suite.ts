/**
 * The hardening defect table against the real service on one database backend (run by http-fuzz-sqlite.test.ts and
 * http-fuzz-postgres.test.ts): each row of the table replayed as a request with the answer it must get.
 */
import { cardWithNul, fixtureFiles, variantOf, type Client, type Tap } from './http-fuzz-client.js';

export async function defectTable(t: Tap, client: Client, backend: string): Promise<void> {
  const files = fixtureFiles();
  const basic = files.find((f) => f.name === 'gen1-basic.ddd')!;
  const imported = await client.post(basic.bytes);
  t.equal(imported.status, 200, 'a fixture imports');
  const card = encodeURIComponent(imported.body.card.card_number);

  await t.test(
    `${backend}: overview and pre-check ranges are bounded (no 4.6 GB answer, no 24 s event-loop block)`,
    async (t) => {
      for (const path of [
        `/api/drivercard/week-overview?card_number=${card}&date_to=9999-12-31`,
        `/api/drivercard/week-overview?card_number=${card}&date_from=2020-01-01&date_to=2026-12-31`,
        `/api/drivercard/day-overview?card_number=${card}&date_from=0001-01-01&date_to=9999-12-31`,
        `/api/drivercard/day-overview?card_number=${card}&date_from=2024-01-01&date_to=2025-01-01`,
        `/api/drivercard/eu561/violations?card_number=${card}&date_from=2020-01-01&date_to=2026-12-31`,
      ]) {
        const answer = await client.send(path);
        t.equal(answer.status, 400, path);
        t.equal(answer.body.error, 'invalid_filter');
        t.ok(['date_from', 'date_to'].includes(answer.body.parameter), 'names the parameter');
        t.match(answer.body.message, /366 days|1985-01-01|2099-12-31/, 'names the bound');
      }
      const year = await client.send(
        `/api/drivercard/day-overview?card_number=${card}&date_from=2024-01-01&date_to=2024-12-31`,
      );
      t.equal(year.status, 200, '366 days (a leap year) is allowed');
      t.equal(year.body.items.length, 366);
      const open = await client.send(`/api/drivercard/week-overview?card_number=${card}`);
      t.equal(open.status, 200, 'an overview without a date answers the activity range');
      t.ok(open.body.items.length >= 1);
      const openDays = await client.send(`/api/drivercard/day-overview?card_number=${card}`);
      t.equal(openDays.status, 200);
      t.equal(openDays.body.items[0].date, imported.body.activity_range.from, 'from the first recorded day');
      t.equal(openDays.body.items.at(-1).date, imported.body.activity_range.to, 'to the last recorded day');
    },
  );

  await t.test(`${backend}: dates outside the tachograph era are 400, not 500`, async (t) => {
    for (const path of [
      `/api/drivercard/week-overview?card_number=${card}&week=0001-W01`,
      `/api/drivercard/week-overview?card_number=${card}&week=9999-W52`,
      `/api/drivercard/eu561/violations?card_number=${card}&date_from=0001-01-01&date_to=0001-01-10`,
      `/api/drivercard/activities?card_number=${card}&date_from=0999-12-31`,
      `/api/drivercard/imports?date_to=9999-12-31`,
      `/api/drivercard/time-summary?card_number=${card}&date_from=1984-12-31`,
    ]) {
      const answer = await client.send(path);
      t.equal(answer.status, 400, path);
      t.equal(answer.body.error, 'invalid_filter');
    }
    const first = await client.send(
      `/api/drivercard/activities?card_number=${card}&date_from=1985-01-01&date_to=2099-12-31`,
    );
    t.equal(first.status, 200, 'the era bounds themselves are accepted on list endpoints');
  });

  await t.test(
    `${backend}: generation-2 files with GNSS positions (decimal accuracy) import and are served`,
    async (t) => {
      for (const f of files.filter((f) => /^gen2/.test(f.name))) {
        const answer = await client.post(f.bytes);
        t.equal(answer.status, 200, f.name);
        const positions = await client.send(`/api/drivercard/positions?import_id=${answer.body.import_id}&limit=5000`);
        t.equal(positions.status, 200);
        const accuracies = positions.body.items
          .map((p: { gnss_accuracy: number | null }) => p.gnss_accuracy)
          .filter((a: unknown) => a !== null);
        // gen2-full records whole-metre accuracies; gen2-card-download-older (the download-time edge) records no GNSS
        if (!['gen2-full.ddd', 'gen2-card-download-older.ddd'].includes(f.name)) {
          t.ok(
            accuracies.some((a: number) => !Number.isInteger(a)),
            `${f.name}: decimal accuracies kept`,
          );
        }
      }
    },
  );

  await t.test(`${backend}: NUL and control characters never reach the database unchecked`, async (t) => {
    const nul = await client.post(cardWithNul());
    t.equal(nul.status, 200, 'a card number holding byte 00 imports');
    t.equal(nul.body.card.card_number, 'NUL0000\ufffd12345601', 'stored with U+FFFD in place of the control');
    const found = await client.send(`/api/drivercard/activities?import_id=${nul.body.import_id}`);
    t.equal(found.status, 200);
    const byCard = await client.send(
      `/api/drivercard/imports?card_number=${encodeURIComponent('NUL0000\ufffd12345601')}`,
    );
    t.equal(byCard.status, 200, 'and found again by that card number');
    t.equal(byCard.body.total, 1);
    for (const path of [
      '/api/drivercard/activities?import_id=%00',
      '/api/drivercard/activities?card_number=AB%00CD',
      '/api/drivercard/events?archive_id=a%01b',
    ]) {
      const answer = await client.send(path);
      t.equal(answer.status, 400, path);
      t.equal(answer.body.error, 'invalid_filter');
    }
    const archive = await client.post(basic.bytes, { archive_id: 'x\u0000y' });
    t.equal(archive.status, 400, 'an archive_id holding NUL is refused');
    t.equal(archive.body.error, 'invalid_payload');
    const named = await client.post(files.find((f) => f.name === 'gen1-full.ddd')!.bytes, {
      file_name: 'a\u0000b\u0007.ddd',
    });
    t.equal(named.status, 200, 'a file name with controls is kept readable');
    t.equal(named.body.file_name, 'a\ufffdb\ufffd.ddd');
  });

  await t.test(`${backend}: an archive_id with a lone surrogate never breaks idempotency`, async (t) => {
    const body = `{"file_name":"s.ddd","archive_id":"s\\udc00x","content_base64":"${Buffer.from(basic.bytes).toString('base64')}"}`;
    for (let i = 0; i < 2; i++) {
      const answer = await client.send('/api/drivercard/parse', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      t.equal(answer.status, 400, `post ${i + 1}: refused (an identifier is not silently changed), never 409`);
      t.equal(answer.body.error, 'invalid_payload');
      t.notMatch(answer.body.message, /\udc00|\ufffd/);
    }
    const valid = await client.post(variantOf(basic.bytes, 1), { archive_id: 'stable-archive-Ω' });
    const again = await client.post(variantOf(basic.bytes, 1), { archive_id: 'stable-archive-Ω' });
    t.same(
      [valid.status, again.status, again.body.reused],
      [200, 200, true],
      'a valid unicode archive_id is idempotent',
    );
  });

  await t.test(`${backend}: 404 and 409 messages do not echo the card number or archive id`, async (t) => {
    const secret = 'ZZSECRET99999901';
    const missing = await client.send(`/api/drivercard/activities?card_number=${secret}`);
    t.equal(missing.status, 404);
    t.notMatch(JSON.stringify(missing.body), secret);
    const missingArchive = await client.send('/api/drivercard/activities?archive_id=secret-archive-42');
    t.equal(missingArchive.status, 404);
    t.notMatch(JSON.stringify(missingArchive.body), 'secret-archive-42');
    const missingImport = await client.send('/api/drivercard/week-overview?import_id=secret-import-42&week=2026-W01');
    t.equal(missingImport.status, 404);
    t.notMatch(JSON.stringify(missingImport.body), 'secret-import-42');
    const conflict = await client.post(variantOf(basic.bytes, 2), { archive_id: 'stable-archive-Ω' });
    t.equal(conflict.status, 409);
    t.notMatch(JSON.stringify(conflict.body), 'stable-archive');
  });
}
