import { migrations } from '@/lib/db/migrations';
import { scratchPgliteForFile } from './migration-support';

// 0007 moves new uploads to the file store without touching files already in the database: a
// row written before keeps its bytes (and is still served, tests/api/uploads.test.ts), and a row
// must hold its bytes somewhere unless it was erased. Runs on its own in-memory PGlite.

jest.setTimeout(60_000);

const db = scratchPgliteForFile();

it('keeps the bytes of files stored before it, and refuses a row with its bytes nowhere', async () => {
  for (const m of migrations.filter((m) => m.id < '0007')) await db.exec(m.sql);
  await db.exec(`
    insert into clients (id, slug, organization_name, config) values ('cl_a', 'a', 'A', '{}');
    insert into customers (id, client_id) values ('cu_a', 'cl_a');
    insert into files (id, client_id, customer_id, media_type, content_type, size, original_name, sha256, bytes)
      values ('fl_old', 'cl_a', 'cu_a', 'image', 'image/png', 3, 'old.png', 'x', '\\x010203');
    insert into reports (id, client_id, customer_id, description, photo, photo_type)
      values ('rp_old', 'cl_a', 'cu_a', 'old', '\\x0405', 'image/png');
  `);
  await db.exec(migrations.find((m) => m.id === '0007_file_store')!.sql);
  const file = (await db.query<{ bytes: Uint8Array; storage_key: string | null; erased_at: Date | null }>(`select bytes, storage_key, erased_at from files where id = 'fl_old'`)).rows[0]!;
  expect([...file.bytes]).toEqual([1, 2, 3]);
  expect(file).toMatchObject({ storage_key: null, erased_at: null });
  const report = (await db.query<{ photo: Uint8Array; photo_file_id: string | null }>(`select photo, photo_file_id from reports where id = 'rp_old'`)).rows[0]!;
  expect([...report.photo]).toEqual([4, 5]);
  expect(report.photo_file_id).toBeNull();

  await db.exec(`insert into files (id, client_id, customer_id, media_type, content_type, size, original_name, sha256, storage_key)
    values ('fl_new', 'cl_a', 'cu_a', 'pdf', 'application/pdf', 9, 'a.pdf', 'y', 'ab/abababababababababababababababab')`);
  await expect(db.exec(`insert into files (id, client_id, customer_id, media_type, content_type, size, original_name, sha256)
    values ('fl_bad', 'cl_a', 'cu_a', 'pdf', 'application/pdf', 9, 'a.pdf', 'y')`)).rejects.toThrow(/files_bytes_somewhere/);
  await db.exec(`update files set bytes = null, storage_key = null, original_name = '', erased_at = now() where id in ('fl_old', 'fl_new')`);
});
