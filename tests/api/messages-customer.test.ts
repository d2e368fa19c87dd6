import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { messageOutbox } from '@/lib/db/schema';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { as, signedInCustomer } from '../support/aftersales';

// The customer's messages in the app and their choice of channels (docs/messages.md), over HTTP:
// only their own, the unread count, read marks, preferences with the locked kinds.

const server = apiServerForFile();

async function recall(clientId: string, customerId: string, key: string, now = new Date()) {
  await enqueueCustomerMessage(await getDb(), { clientId, customerId, kind: 'recall', eventKey: key, params: { product: 'Kettle', batch: 'B7', notice: `Notice ${key}` }, now });
}

describe('the message list', () => {
  it('lists the customer\'s own in-app messages, newest first, with the unread count; marks read by id or all', async () => {
    const brand = await createTestBrand();
    const me = await signedInCustomer(brand.id);
    const other = await signedInCustomer(brand.id);
    await recall(brand.id, me.customerId, 'a', new Date(Date.now() - 60_000));
    await recall(brand.id, me.customerId, 'b');
    await recall(brand.id, other.customerId, 'c');
    const api = as(server, brand.domain, me);
    const list = await api('GET', '/api/customer/messages');
    expect(list.status).toBe(200);
    expect(list.body.unread).toBe(2);
    expect(list.body.messages.map((m: { body: string }) => m.body)).toEqual([`${brand.name}: a safety notice about Kettle (batch B7): Notice b`, `${brand.name}: a safety notice about Kettle (batch B7): Notice a`]);
    expect(list.body.messages[0]).toMatchObject({ kind: 'recall', subject: 'Important safety notice: Kettle', read: false });

    const theirs = (await as(server, brand.domain, other)('GET', '/api/customer/messages')).body.messages[0].id;
    const refused = await api('POST', '/api/customer/messages/read', { body: { ids: [list.body.messages[0].id, theirs] } });
    expect(refused.status).toBe(404);
    expect((await api('GET', '/api/customer/messages')).body.unread).toBe(2); // nothing marked

    expect((await api('POST', '/api/customer/messages/read', { body: { ids: [list.body.messages[0].id] } })).body).toEqual({ unread: 1 });
    expect((await api('POST', '/api/customer/messages/read', { body: {} })).body).toEqual({ unread: 0 });
    expect((await as(server, brand.domain, other)('GET', '/api/customer/messages')).body.unread).toBe(1);
  });

  it('counts the customer\'s own unread messages without the list (the home screen\'s mark)', async () => {
    const brand = await createTestBrand();
    const me = await signedInCustomer(brand.id);
    const other = await signedInCustomer(brand.id);
    const api = as(server, brand.domain, me);
    expect(await api('GET', '/api/customer/messages/unread-count')).toMatchObject({ status: 200, body: { unread: 0 } });
    await recall(brand.id, me.customerId, 'a', new Date(Date.now() - 60_000));
    await recall(brand.id, me.customerId, 'b');
    await recall(brand.id, other.customerId, 'c');
    const count = await api('GET', '/api/customer/messages/unread-count');
    expect(count.status).toBe(200);
    expect(count.body).toEqual({ unread: 2 }); // the count alone: no messages in the answer
    const list = await api('GET', '/api/customer/messages');
    expect(count.body.unread).toBe(list.body.unread);
    await api('POST', '/api/customer/messages/read', { body: { ids: [list.body.messages[0].id] } });
    expect((await api('GET', '/api/customer/messages/unread-count')).body).toEqual({ unread: 1 });
    expect((await as(server, brand.domain, other)('GET', '/api/customer/messages/unread-count')).body).toEqual({ unread: 1 });
  });

  it('asks for sign-in, refuses bad input, and another brand\'s token is not accepted', async () => {
    const brand = await createTestBrand();
    const otherBrand = await createTestBrand();
    const me = await signedInCustomer(brand.id);
    expect((await call(server, brand.domain, 'GET', '/api/customer/messages')).status).toBe(401);
    expect((await as(server, otherBrand.domain, me)('GET', '/api/customer/messages')).status).toBe(401);
    expect((await call(server, brand.domain, 'GET', '/api/customer/messages/unread-count')).status).toBe(401);
    expect((await as(server, otherBrand.domain, me)('GET', '/api/customer/messages/unread-count')).status).toBe(401);
    const api = as(server, brand.domain, me);
    for (const body of [{ ids: [] }, { ids: 'x' }, { ids: ['a'], extra: 1 }, { ids: Array.from({ length: 101 }, (_, i) => `m${i}`) }]) {
      const res = await api('POST', '/api/customer/messages/read', { body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.errorMessage).toEqual(expect.any(String));
    }
  });

  it('erasing the account removes its messages, queued ones with them', async () => {
    const brand = await createTestBrand();
    const me = await signedInCustomer(brand.id);
    await recall(brand.id, me.customerId, 'a');
    const api = as(server, brand.domain, me);
    expect((await api('POST', '/api/customer/delete-account', { body: { confirm: 'DELETE' } })).status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(messageOutbox).where(eq(messageOutbox.customerId, me.customerId))).toEqual([]);
  });
});

describe('preferences', () => {
  it('lists every kind on the customer\'s channels; a kind turned off on a channel is not sent there; security and recall stay on', async () => {
    const brand = await createTestBrand();
    const me = await signedInCustomer(brand.id);
    const api = as(server, brand.domain, me);
    const before = await api('GET', '/api/customer/message-preferences');
    expect(before.status).toBe(200);
    expect(before.body.channels).toEqual(['email']);
    expect(before.body.preferences).toContainEqual({ kind: 'complaint-reply', channel: 'email', enabled: true, locked: false });
    expect(before.body.preferences).toContainEqual({ kind: 'security', channel: 'email', enabled: true, locked: true });
    expect(before.body.preferences).toContainEqual({ kind: 'recall', channel: 'email', enabled: true, locked: true });

    const off = await api('PUT', '/api/customer/message-preferences', { body: { preferences: [{ kind: 'warranty-registered', channel: 'email', enabled: false }] } });
    expect(off.status).toBe(200);
    expect(off.body.preferences).toContainEqual({ kind: 'warranty-registered', channel: 'email', enabled: false, locked: false });
    await enqueueCustomerMessage(await getDb(), { clientId: brand.id, customerId: me.customerId, kind: 'warranty-registered', eventKey: 'w', params: { product: 'K', endsOn: '2027-01-01' } });
    const db = await getDb();
    expect((await db.select().from(messageOutbox).where(eq(messageOutbox.customerId, me.customerId))).map((r) => r.channel)).toEqual(['app']);

    const locked = await api('PUT', '/api/customer/message-preferences', {
      body: { preferences: [{ kind: 'reward-earned', channel: 'email', enabled: false }, { kind: 'security', channel: 'email', enabled: false }] },
    });
    expect(locked.status).toBe(422);
    expect(locked.body).toMatchObject({ field: 'preferences.1.enabled', errorMessage: 'preferences.1.enabled: security notices cannot be turned off' });
    // Nothing of the refused change was kept.
    expect((await api('GET', '/api/customer/message-preferences')).body.preferences).toContainEqual({ kind: 'reward-earned', channel: 'email', enabled: true, locked: false });

    expect((await api('PUT', '/api/customer/message-preferences', { body: { preferences: [{ kind: 'recall', channel: 'email', enabled: false }] } })).status).toBe(422);
    for (const body of [{ preferences: [] }, { preferences: [{ kind: 'spam', channel: 'email', enabled: false }] }, { preferences: [{ kind: 'recall', channel: 'pigeon', enabled: true }] }, {}]) {
      const res = await api('PUT', '/api/customer/message-preferences', { body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
