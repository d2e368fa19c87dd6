import { migrations } from '@/lib/db/migrations';
import { scratchPgliteForFile } from './migration-support';

// Migrations over data that was written before them: 0005 backfills each unit's verification
// count from the scans already recorded, and its trigger keeps counting from there. Runs on its
// own in-memory PGlite (the suite's shared database is already migrated).

jest.setTimeout(60_000);

const db = scratchPgliteForFile();

const upTo = (id: string) => migrations.slice(0, migrations.findIndex((m) => m.id === id) + 1);

it('0005 counts the verified scans already recorded, then every new one', async () => {
  for (const m of upTo('0004_aftersales')) await db.exec(m.sql);
  await db.exec(`
    insert into clients (id, slug, organization_name, config) values ('cl_a', 'a', 'A', '{}');
    insert into scans (id, client_id, unit_key, qr_id_raw, at, kind, layer, result) values
      ('s1', 'cl_a', 'un_1', 'x', '2026-01-02T00:00:00Z', 'info', 1, 'Info'),
      ('s2', 'cl_a', 'un_1', 'x', '2026-01-01T00:00:00Z', 'post sale', 3, 'Genuine Post Sale'),
      ('s3', 'cl_a', 'un_1', 'x', '2025-12-01T00:00:00Z', 'info', 1, 'Fake'),
      ('s4', 'cl_a', null, 'y', '2026-01-03T00:00:00Z', 'info', 1, 'Fake'),
      ('s5', 'cl_a', 'un_2', 'z', '2026-01-04T00:00:00Z', 'pre sale', 2, 'Genuine Pre Sale');
  `);
  await db.exec(migrations.find((m) => m.id === '0005_scan_stats')!.sql);
  const stats = async () =>
    (await db.query<{ unit_key: string; verified_count: number; first: string }>(
      `select unit_key, verified_count, to_char(first_verified_at at time zone 'UTC', 'YYYY-MM-DD') as first
       from unit_scan_stats order by unit_key`,
    )).rows;
  expect(await stats()).toEqual([
    { unit_key: 'un_1', verified_count: 2, first: '2026-01-01' },
    { unit_key: 'un_2', verified_count: 1, first: '2026-01-04' },
  ]);

  await db.exec(`
    insert into scans (id, client_id, unit_key, qr_id_raw, at, kind, layer, result) values
      ('s6', 'cl_a', 'un_1', 'x', '2026-02-01T00:00:00Z', 'info', 1, 'Product Cliamed'),
      ('s7', 'cl_a', 'un_1', 'x', '2026-02-02T00:00:00Z', 'info', 1, 'Fake'),
      ('s8', 'cl_a', 'un_3', 'w', '2026-02-03T00:00:00Z', 'info', 1, 'Info');
  `);
  expect(await stats()).toEqual([
    { unit_key: 'un_1', verified_count: 3, first: '2026-01-01' },
    { unit_key: 'un_2', verified_count: 1, first: '2026-01-04' },
    { unit_key: 'un_3', verified_count: 1, first: '2026-02-03' },
  ]);
});
