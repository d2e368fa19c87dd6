import { and, eq, sql } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { createTestCustomer } from '../support/customers';
import { getDb } from '@/lib/db/client';
import { customers, unitSessions } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { phoneHeaders } from '../support/devices';
import { readCodeForVerify } from '@/lib/api/verify/read-code';

// unit_sessions.packed (migration 0022): each session as the verify read takes it, made by a
// trigger on every write so the read joins texts instead of building forty arrays. It must always
// be the row itself, whichever way the row was written: the scans' upsert (a new session, a rescan
// moving last_at, a sign-in adding the customer), a customer's deletion (set null by the foreign
// key), a direct insert.

const server = apiServerForFile();
jest.setTimeout(30_000);

/** Rows whose packed differs from the array built afresh from their columns (none expected). */
async function stale(clientId: string) {
  const db = await getDb();
  const rows = await db.execute(sql`select session_key, packed, json_build_array(session_key, device_id, customer_id,
      date_part('epoch', first_at) * 1000, date_part('epoch', last_at) * 1000, lat, lng,
      date_part('epoch', place_at) * 1000, place_from_ip, date_part('epoch', covert_before_sale_at) * 1000, net_key,
      date_part('epoch', false_hidden_at) * 1000)::text as fresh
    from unit_sessions where client_id = ${clientId}`);
  const list = ((rows as unknown as { rows?: unknown[] }).rows ?? rows) as { session_key: string; packed: string | null; fresh: string }[];
  return { count: list.length, stale: list.filter((r) => r.packed !== r.fresh) };
}

it('keeps each session packed as its row, through scans, rescans, a sign-in and a customer deletion', async () => {
  const brand = await createTestBrand();
  const batch = await createTestBatch(brand, { units: 1 });
  const { overt, covert } = batch.units[0]!;
  const me = await createTestCustomer(brand.id);
  const phone = newDeviceId();
  const scan = async (route: string, qrId: string, opts: { device?: string; token?: string; query?: string }) =>
    call(server, brand.domain, 'GET', `/api/verify/${route}/${qrId}${opts.query ?? ''}`, {
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.device ? { headers: await phoneHeaders(brand.domain, opts.device) } : {}),
    });
  expect((await scan('info', overt.qrId, { device: phone, query: '?lat=18.52&lng=73.86' })).status).toBe(200);
  expect((await scan('info', overt.qrId, { device: newDeviceId() })).status).toBe(200);
  // the same phone again (last_at moves), then signed in (the customer is added), then its covert code
  expect((await scan('info', overt.qrId, { device: phone, query: '?lat=28.61&lng=77.21' })).status).toBe(200);
  expect((await scan('info', overt.qrId, { device: phone, token: me.token })).status).toBe(200);
  expect((await scan('info', covert.qrId, { device: newDeviceId() })).status).toBe(200);
  expect(await stale(brand.id)).toEqual({ count: 3, stale: [] });

  const db = await getDb();
  // A row written directly (as the scale seed does) is packed too.
  await db.insert(unitSessions).values({ clientId: brand.id, unitKey: overt.pairId!, sessionKey: 'ip:seeded', firstAt: new Date(Date.UTC(2026, 0, 2)), lastAt: new Date(Date.UTC(2026, 0, 3)), scanCount: 1 });
  expect(await stale(brand.id)).toEqual({ count: 4, stale: [] });

  // The verify read gives back exactly what the rows hold, newest first.
  const read = await readCodeForVerify(db, brand.id, overt.qrId, null);
  const mine = read!.sessions.find((s) => s.deviceId === phone)!;
  expect(mine).toMatchObject({ key: phone, customerId: me.customerId, place: { lat: 18.52, lng: 73.86 } });
  expect(read!.sessions.map((s) => s.lastAt.getTime())).toEqual([...read!.sessions.map((s) => s.lastAt.getTime())].sort((a, b) => b - a));
  expect(read!.sessions).toHaveLength(4);

  // Deleting the customer sets the session's customer to null: the packed text follows.
  await db.delete(customers).where(and(eq(customers.id, me.customerId), eq(customers.clientId, brand.id)));
  expect(await stale(brand.id)).toEqual({ count: 4, stale: [] });
  const after = await readCodeForVerify(db, brand.id, overt.qrId, null);
  expect(after!.sessions.find((s) => s.deviceId === phone)!.customerId).toBeNull();
});
