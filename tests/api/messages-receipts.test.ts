import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { getDb } from '@/lib/db/client';
import { customers, messageEarlyReceipts, messageOutbox } from '@/lib/db/schema';
import { deliverDueMessages } from '@/lib/messaging/worker';
import { resetEnvCache } from '@/lib/edge/env';
import { randomId } from '@/lib/ids';
import { signBody } from '@/lib/api/messages/receipt-signature';

// Delivery receipts (docs/messages.md "Delivery receipts"): WhatsApp's status callbacks (the GET
// handshake with the verify token; POSTs signed with the brand's app secret, X-Hub-Signature-256)
// and the SMS gateway's delivery reports (signed with SMS_HTTP_TOKEN, X-Signature-256). A wrong or
// missing signature is 401 and writes nothing; a replayed callback changes nothing; an unknown id
// and another brand's message id get the same 404; a failed receipt shows in the console's
// delivery state with the provider's error.

jest.setTimeout(60_000);
const server = apiServerForFile();

const APP_SECRET = 'whatsapp-app-secret-0123456789';
const VERIFY = 'verify-token-for-receipts-42';
const GATEWAY = 'sms-gateway-token-abcdefghij';
const PHONE = '106540352242922';
const whatsapp = { phoneNumberId: PHONE, token: 'EAAJB-access-token-0123456789', version: '21.0', templates: {}, appSecret: APP_SECRET, verifyToken: VERIFY };

beforeAll(() => {
  process.env.SMS_HTTP_TOKEN = GATEWAY;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.SMS_HTTP_TOKEN;
  resetEnvCache();
});

/** A brand with WhatsApp receipts set up, and one sent message on each of WhatsApp and SMS. */
async function brandWithSent() {
  const brand = await createTestBrand({ messaging: { whatsapp } });
  const db = await getDb();
  const customerId = randomId('cus');
  await db.insert(customers).values({ id: customerId, clientId: brand.id, mobile: '+919800000011', contactVerifiedAt: new Date() });
  const row = (channel: 'sms' | 'whatsapp', providerMessageId: string) => ({
    id: randomId('msg', 16),
    clientId: brand.id,
    customerId,
    kind: 'payout-completed' as const,
    channel,
    recipient: '+919800000011',
    body: 'Paid',
    idempotencyKey: `payout-completed:p-${randomId('p', 8)}:${channel}`,
    state: 'sent' as const,
    attempts: 1,
    provider: channel === 'sms' ? 'sms-http' : 'whatsapp',
    providerMessageId,
    sentAt: new Date(),
  });
  const wa = row('whatsapp', `wamid.${randomId('w', 24)}`);
  const sms = row('sms', `gw-${randomId('g', 16)}`);
  await db.insert(messageOutbox).values([wa, sms]);
  const stored = async (id: string) => (await db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!;
  return { brand, wa, sms, stored };
}

function callback(statuses: Array<Record<string, unknown>>, phone = PHONE) {
  return { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '919800000000', phone_number_id: phone }, statuses } }] }] };
}

function postWhatsApp(domain: string, body: unknown, secret: string | null = APP_SECRET, raw = JSON.stringify(body)) {
  return call(server, domain, 'POST', '/api/messages/receipts/whatsapp', {
    rawBody: raw,
    headers: { 'content-type': 'application/json', 'x-requested-with': '', ...(secret ? { 'x-hub-signature-256': signBody(secret, raw) } : {}) },
  });
}

function postSms(domain: string, body: unknown, secret: string | null = GATEWAY) {
  const raw = JSON.stringify(body);
  return call(server, domain, 'POST', '/api/messages/receipts/sms', {
    rawBody: raw,
    headers: { 'content-type': 'application/json', 'x-requested-with': '', ...(secret ? { 'x-signature-256': signBody(secret, raw) } : {}) },
  });
}

describe('WhatsApp status callbacks', () => {
  it('answer the subscription handshake with the challenge only for the brand\'s verify token', async () => {
    const { brand } = await brandWithSent();
    const ok = await call(server, brand.domain, 'GET', `/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect([ok.status, ok.text]).toEqual([200, '1158201444']);
    for (const query of [`hub.mode=subscribe&hub.verify_token=wrong-token-0000000000&hub.challenge=1`, `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`, 'hub.challenge=1']) {
      const res = await call(server, brand.domain, 'GET', `/api/messages/receipts/whatsapp?${query}`);
      expect([query, res.status]).toEqual([query, 403]);
      expect(res.text).not.toContain('1158201444');
    }
    // another brand's verify token is not this brand's
    const other = await createTestBrand({ messaging: { whatsapp: { ...whatsapp, verifyToken: 'another-brands-verify-token' } } });
    expect((await call(server, brand.domain, 'GET', '/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=another-brands-verify-token&hub.challenge=1')).status).toBe(403);
    expect((await call(server, other.domain, 'GET', '/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=another-brands-verify-token&hub.challenge=7')).text).toBe('7');
  });

  it('record delivered then read, keep the first delivery time, and change nothing when replayed', async () => {
    const { brand, wa, stored } = await brandWithSent();
    const delivered = callback([{ id: wa.providerMessageId, status: 'delivered', timestamp: '1764300000', recipient_id: '919800000011' }]);
    const first = await postWhatsApp(brand.domain, delivered);
    expect([first.status, first.body]).toEqual([200, { updated: 1, unchanged: 0, pending: 0 }]);
    expect(await stored(wa.id)).toMatchObject({ state: 'sent', receipt: 'delivered', deliveredAt: new Date(1764300000_000), receiptAt: new Date(1764300000_000) });
    // replayed: the same answer's counts say it changed nothing
    expect((await postWhatsApp(brand.domain, delivered)).body).toEqual({ updated: 0, unchanged: 1, pending: 0 });
    const read = callback([{ id: wa.providerMessageId, status: 'read', timestamp: '1764300060' }]);
    expect((await postWhatsApp(brand.domain, read)).body).toEqual({ updated: 1, unchanged: 0, pending: 0 });
    // a late "sent" and a late "delivered" do not move it back
    expect((await postWhatsApp(brand.domain, callback([{ id: wa.providerMessageId, status: 'sent', timestamp: '1764299990' }, { id: wa.providerMessageId, status: 'delivered', timestamp: '1764300000' }]))).body).toEqual({ updated: 0, unchanged: 2, pending: 0 });
    expect(await stored(wa.id)).toMatchObject({ receipt: 'read', deliveredAt: new Date(1764300000_000), receiptAt: new Date(1764300060_000) });
  });

  it('refuse a missing, wrong or other-secret signature with 401 and write nothing', async () => {
    const { brand, wa, stored } = await brandWithSent();
    const body = callback([{ id: wa.providerMessageId, status: 'delivered', timestamp: '1764300000' }]);
    const raw = JSON.stringify(body);
    const cases: Array<[string, Record<string, string>]> = [
      ['none', {}],
      ['another secret', { 'x-hub-signature-256': signBody('not-the-app-secret-000000', raw) }],
      ['of another body', { 'x-hub-signature-256': signBody(APP_SECRET, raw.replace('delivered', 'read')) }],
      ['not hex', { 'x-hub-signature-256': `sha256=${'z'.repeat(64)}` }],
      ['short', { 'x-hub-signature-256': signBody(APP_SECRET, raw).slice(0, 40) }],
      ['without its prefix', { 'x-hub-signature-256': signBody(APP_SECRET, raw).slice(7) }],
    ];
    for (const [label, headers] of cases) {
      const res = await call(server, brand.domain, 'POST', '/api/messages/receipts/whatsapp', { rawBody: raw, headers: { 'content-type': 'application/json', 'x-requested-with': '', ...headers } });
      expect([label, res.status, typeof res.body.errorMessage]).toEqual([label, 401, 'string']);
    }
    // the same body re-serialised (spaces) is another body: the signature is of the raw bytes
    const spaced = JSON.stringify(body, null, 2);
    const res = await call(server, brand.domain, 'POST', '/api/messages/receipts/whatsapp', { rawBody: spaced, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(APP_SECRET, raw) } });
    expect(res.status).toBe(401);
    expect((await stored(wa.id)).receipt).toBeNull();
    // and signed over the spaced bytes, it is accepted
    expect((await postWhatsApp(brand.domain, body, APP_SECRET, spaced)).status).toBe(200);
  });

  it('answer an unknown id and another brand\'s message id with the same 404, changing nothing', async () => {
    const { brand, wa, stored } = await brandWithSent();
    const other = await brandWithSent();
    const unknown = await postWhatsApp(brand.domain, callback([{ id: 'wamid.no-such-message', status: 'delivered', timestamp: '1764300000' }]));
    // the other brand's message, at this brand's host, signed with this brand's secret
    const theirs = await postWhatsApp(brand.domain, callback([{ id: other.wa.providerMessageId, status: 'failed', timestamp: '1764300000', errors: [{ code: 131026, title: 'Message undeliverable' }] }]));
    expect([unknown.status, unknown.body]).toEqual([404, { errorMessage: 'No such message', code: 'not_found' }]);
    expect([theirs.status, theirs.body]).toEqual([404, unknown.body]);
    expect((await other.stored(other.wa.id)).receipt).toBeNull();
    // this brand's own message id under another phone number id is not its message either
    expect((await postWhatsApp(brand.domain, callback([{ id: wa.providerMessageId, status: 'delivered' }], '999999999'))).status).toBe(404);
    // the SMS message's id is no WhatsApp message
    expect((await postWhatsApp(brand.domain, callback([{ id: (await brandWithSent()).sms.providerMessageId, status: 'delivered' }]))).status).toBe(404);
    expect((await stored(wa.id)).receipt).toBeNull();
    // a brand without an app secret takes no callbacks at all
    const bare = await createTestBrand({ messaging: { whatsapp: { ...whatsapp, appSecret: null } } });
    expect((await postWhatsApp(bare.domain, callback([{ id: wa.providerMessageId, status: 'delivered' }]))).status).toBe(401);
  });

  it('show a failed message in the console as not delivered, with the provider\'s error', async () => {
    const { brand, wa, stored } = await brandWithSent();
    const failed = callback([{ id: wa.providerMessageId, status: 'failed', timestamp: '1764300000', errors: [{ code: 131026, title: 'Message undeliverable', error_data: { details: 'Receiver is incapable of receiving this message' } }] }]);
    expect((await postWhatsApp(brand.domain, failed)).body).toEqual({ updated: 1, unchanged: 0, pending: 0 });
    expect(await stored(wa.id)).toMatchObject({ state: 'sent', receipt: 'failed', deliveredAt: null, receiptError: 'WhatsApp error 131026: Message undeliverable: Receiver is incapable of receiving this message' });
    // a "read" after the failure is not believed
    expect((await postWhatsApp(brand.domain, callback([{ id: wa.providerMessageId, status: 'read' }]))).body).toEqual({ updated: 0, unchanged: 1, pending: 0 });
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const state = await analyst.fetch(`/api/console/brands/${brand.slug}/messages/delivery`);
    expect(state.body).toMatchObject({ undelivered: { whatsapp: 1, sms: 0, email: 0 }, delivered: { whatsapp: 0 }, failed: { whatsapp: 0 } });
    expect(state.body.problems).toEqual([expect.objectContaining({ id: wa.id, channel: 'whatsapp', state: 'undelivered', lastError: expect.stringContaining('Receiver is incapable') })]);
  });
});

describe('SMS gateway delivery reports', () => {
  it('record delivered by the gateway\'s id or by reference, idempotent when replayed', async () => {
    const { brand, sms, stored } = await brandWithSent();
    const report = { providerId: sms.providerMessageId, status: 'delivered', at: '2026-11-28T05:00:00Z' };
    expect((await postSms(brand.domain, report)).body).toEqual({ updated: 1, unchanged: 0, pending: 0 });
    expect((await postSms(brand.domain, report)).body).toEqual({ updated: 0, unchanged: 1, pending: 0 });
    expect((await postSms(brand.domain, { reference: sms.idempotencyKey, status: 'delivered' })).body).toEqual({ updated: 0, unchanged: 1, pending: 0 });
    expect(await stored(sms.id)).toMatchObject({ receipt: 'delivered', deliveredAt: new Date('2026-11-28T05:00:00Z') });
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(`/api/console/brands/${brand.slug}/messages/delivery`)).body).toMatchObject({ delivered: { sms: 1, whatsapp: 0 }, undelivered: { sms: 0 } });
  });

  it('record a failure with its error; refuse a bad signature (401), a bad report (422) and an unknown or other brand\'s message (404)', async () => {
    const { brand, sms, stored } = await brandWithSent();
    const other = await brandWithSent();
    expect((await postSms(brand.domain, { reference: sms.idempotencyKey, status: 'failed' }, null)).status).toBe(401);
    expect((await postSms(brand.domain, { reference: sms.idempotencyKey, status: 'failed' }, 'not-the-gateway-token-000')).status).toBe(401);
    for (const [body, field] of [
      [{ status: 'delivered' }, 'reference'],
      [{ reference: sms.idempotencyKey, status: 'lost' }, 'status'],
      [{ reference: sms.idempotencyKey, status: 'delivered', at: 'yesterday' }, 'at'],
      [{ reference: sms.idempotencyKey, status: 'delivered', extra: 1 }, 'extra'],
    ] as const) {
      const res = await postSms(brand.domain, body);
      expect([JSON.stringify(body), res.status, res.body.field]).toEqual([JSON.stringify(body), 422, field]);
    }
    expect((await stored(sms.id)).receipt).toBeNull();
    const unknown = await postSms(brand.domain, { reference: 'payout-completed:p-none:sms', status: 'failed' });
    const theirs = await postSms(brand.domain, { providerId: other.sms.providerMessageId, status: 'failed' });
    expect([unknown.status, theirs.status, theirs.body]).toEqual([404, 404, unknown.body]);
    expect((await other.stored(other.sms.id)).receipt).toBeNull();
    // reference and id must name the same message
    expect((await postSms(brand.domain, { reference: sms.idempotencyKey, providerId: other.sms.providerMessageId, status: 'failed' })).status).toBe(404);

    expect((await postSms(brand.domain, { reference: sms.idempotencyKey, status: 'failed', error: 'DLT template mismatch (carrier code 51)' })).body).toEqual({ updated: 1, unchanged: 0, pending: 0 });
    expect(await stored(sms.id)).toMatchObject({ receipt: 'failed', receiptError: 'DLT template mismatch (carrier code 51)' });
  });

  it('are refused (401) when the server has no gateway token', async () => {
    const { brand, sms } = await brandWithSent();
    delete process.env.SMS_HTTP_TOKEN;
    resetEnvCache();
    try {
      expect((await postSms(brand.domain, { reference: sms.idempotencyKey, status: 'delivered' })).status).toBe(401);
    } finally {
      process.env.SMS_HTTP_TOKEN = GATEWAY;
      resetEnvCache();
    }
  });
});

describe('receipts that come before the message is marked sent', () => {
  /** A brand with queued messages on `channel`, not yet claimed by the worker. */
  async function brandWithQueued(channel: 'sms' | 'whatsapp', count = 1) {
    const brand = await createTestBrand({ messaging: { whatsapp } });
    const db = await getDb();
    const customerId = randomId('cus');
    await db.insert(customers).values({ id: customerId, clientId: brand.id, mobile: '+919800000012', contactVerifiedAt: new Date() });
    const rows = Array.from({ length: count }, () => ({
      id: randomId('msg', 16),
      clientId: brand.id,
      customerId,
      kind: 'payout-completed' as const,
      channel,
      recipient: '+919800000012',
      body: 'Paid',
      idempotencyKey: `payout-completed:p-${randomId('p', 8)}:${channel}`,
      // Due by the worker's clock, as the queue writes it (lib/messaging/queue.ts). The column's
      // default is the database's now(), in microseconds: a round started within the same
      // millisecond (a fast local PostgreSQL) would find the row not yet due.
      nextAttemptAt: new Date(Date.now() - 1000),
    }));
    await db.insert(messageOutbox).values(rows);
    const stored = async (id: string) => (await db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!;
    const early = async () => db.select().from(messageEarlyReceipts).where(eq(messageEarlyReceipts.clientId, brand.id));
    return { brand, rows, stored, early };
  }

  it('WhatsApp: a "delivered" and a "read" posted while the message is being sent are kept, and the worker\'s "sent" applies them', async () => {
    const { brand, rows, stored, early } = await brandWithQueued('whatsapp');
    const wamid = `wamid.${randomId('w', 24)}`;
    const answers: Array<{ status: number; body: unknown }> = [];
    // The provider calls back before it answers the send (so before the worker records its id).
    const send = async () => {
      answers.push(await postWhatsApp(brand.domain, callback([{ id: wamid, status: 'sent', timestamp: '1764300000' }, { id: wamid, status: 'delivered', timestamp: '1764300001' }])));
      answers.push(await postWhatsApp(brand.domain, callback([{ id: wamid, status: 'read', timestamp: '1764300005' }])));
      answers.push(await postWhatsApp(brand.domain, callback([{ id: wamid, status: 'read', timestamp: '1764300005' }]))); // replayed
      return { provider: 'whatsapp', providerMessageId: wamid };
    };
    expect(await deliverDueMessages({ clientId: brand.id, send })).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
    expect(answers).toEqual([
      { status: 200, body: { updated: 0, unchanged: 1, pending: 1 } },
      { status: 200, body: { updated: 0, unchanged: 0, pending: 1 } },
      { status: 200, body: { updated: 0, unchanged: 0, pending: 1 } },
    ].map((a) => expect.objectContaining(a)));
    expect(await stored(rows[0]!.id)).toMatchObject({ state: 'sent', providerMessageId: wamid, receipt: 'read', deliveredAt: new Date(1764300001_000), receiptAt: new Date(1764300005_000) });
    expect(await early()).toEqual([]); // applied, then forgotten
    // After the "sent", receipts go to the message itself, and only forward.
    expect((await postWhatsApp(brand.domain, callback([{ id: wamid, status: 'delivered', timestamp: '1764300001' }]))).body).toEqual({ updated: 0, unchanged: 1, pending: 0 });
  });

  it('SMS by the gateway\'s id: a failure reported before the "sent" stays failed with its error', async () => {
    const { brand, rows, stored } = await brandWithQueued('sms');
    const gatewayId = `gw-${randomId('g', 16)}`;
    let answer: { status: number; body: unknown } | undefined;
    const send = async () => {
      answer = await postSms(brand.domain, { providerId: gatewayId, status: 'failed', error: 'Number not reachable', at: '2026-11-28T05:00:00Z' });
      return { provider: 'sms-http', providerMessageId: gatewayId };
    };
    await deliverDueMessages({ clientId: brand.id, send });
    expect(answer).toMatchObject({ status: 200, body: { updated: 0, unchanged: 0, pending: 1 } });
    expect(await stored(rows[0]!.id)).toMatchObject({ state: 'sent', receipt: 'failed', receiptError: 'Number not reachable', deliveredAt: null, receiptAt: new Date('2026-11-28T05:00:00Z') });
  });

  it('SMS by reference: the queued message is found at once, and the later "sent" does not overwrite its delivery', async () => {
    const { brand, rows, stored, early } = await brandWithQueued('sms');
    const gatewayId = `gw-${randomId('g', 16)}`;
    let answer: { status: number; body: unknown } | undefined;
    const send = async () => {
      answer = await postSms(brand.domain, { reference: rows[0]!.idempotencyKey, providerId: gatewayId, status: 'delivered', at: '2026-11-28T05:00:00Z' });
      return { provider: 'sms-http', providerMessageId: gatewayId };
    };
    await deliverDueMessages({ clientId: brand.id, send });
    expect(answer).toMatchObject({ status: 200, body: { updated: 1, unchanged: 0, pending: 0 } });
    expect(await stored(rows[0]!.id)).toMatchObject({ state: 'sent', providerMessageId: gatewayId, receipt: 'delivered', deliveredAt: new Date('2026-11-28T05:00:00Z') });
    expect(await early()).toEqual([]);
    // Once the id is recorded, a reference with another id is not this message.
    expect((await postSms(brand.domain, { reference: rows[0]!.idempotencyKey, providerId: 'gw-another', status: 'failed' })).status).toBe(404);
  });

  it('receipts racing the worker\'s "sent" are applied whichever commits first', async () => {
    const { brand, rows, stored } = await brandWithQueued('whatsapp', 6);
    const posted: Array<Promise<{ status: number }>> = [];
    const ids = new Map<string, string>();
    // Each receipt is posted as the send answers, not awaited: it races the worker's update.
    const send = async (m: { id: string }) => {
      const wamid = `wamid.${randomId('w', 24)}`;
      ids.set(m.id, wamid);
      posted.push(postWhatsApp(brand.domain, callback([{ id: wamid, status: 'delivered', timestamp: '1764300001' }])));
      return { provider: 'whatsapp', providerMessageId: wamid };
    };
    expect(await deliverDueMessages({ clientId: brand.id, send })).toMatchObject({ claimed: 6, sent: 6 });
    expect((await Promise.all(posted)).map((r) => r.status)).toEqual(Array(6).fill(200));
    for (const row of rows) expect(await stored(row.id)).toMatchObject({ state: 'sent', providerMessageId: ids.get(row.id), receipt: 'delivered' });
  });

  it('with no message being sent, an unknown id is still 404 and nothing is kept; a kept receipt no message claims is dropped after a day', async () => {
    const { brand, early } = await brandWithQueued('whatsapp');
    const db = await getDb();
    // Queued but not claimed: nothing is being sent, so no receipt can be early.
    expect((await postWhatsApp(brand.domain, callback([{ id: 'wamid.not-yet', status: 'delivered' }]))).status).toBe(404);
    expect(await early()).toEqual([]);
    await db.update(messageOutbox).set({ attempts: 1 }).where(eq(messageOutbox.clientId, brand.id));
    expect((await postWhatsApp(brand.domain, callback([{ id: 'wamid.never-claimed', status: 'delivered' }]))).body).toEqual({ updated: 0, unchanged: 0, pending: 1 });
    await db.update(messageEarlyReceipts).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(messageEarlyReceipts.clientId, brand.id));
    expect((await postWhatsApp(brand.domain, callback([{ id: 'wamid.another', status: 'delivered' }]))).body).toEqual({ updated: 0, unchanged: 0, pending: 1 });
    expect((await early()).map((r) => r.providerMessageId)).toEqual(['wamid.another']);
    // The other brand has nothing being sent: 404 there, though this brand has a message being sent.
    const other = await brandWithQueued('whatsapp');
    expect((await postWhatsApp(other.brand.domain, callback([{ id: 'wamid.x', status: 'delivered' }]))).status).toBe(404);
  });
});
