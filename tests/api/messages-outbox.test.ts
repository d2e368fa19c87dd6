import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { auditLog, customers, messageOutbox, messagePreferences, warranties } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/edge/env';
import { cliScope } from '@/lib/console/scope';
import { replyComplaint, setComplaintStatus } from '@/lib/console/complaints';
import { importBankResults } from '@/lib/console/payouts';
import { getSettings, updateSettings } from '@/lib/console/settings';
import { claimDueMessages, deliverDueMessages, enqueueWarrantyEndings, LEASE_SECONDS } from '@/lib/messaging/worker';
import { enqueueCustomerMessage } from '@/lib/messaging/queue';
import { sendQueued, whatsAppRequest, memoryMessages } from '@/lib/messaging/channels';
import { randomId } from '@/lib/ids';
import { listTransactions } from '@/lib/api/rewards/find-grants';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { claimedUnit, fixtures, postForm, signedInCustomer } from '../support/aftersales';
import { insertComplaint } from '../support/console-support';
import { payoutIn } from '../support/console-money';

// The customer message outbox (issue 31, docs/messages.md): enqueued with its event, claimed by
// the worker once however many run, retried with back-off while a provider is down, delivered
// once per idempotency key, against a real SMTP server (smtp-server) and fakes of the SMS gateway
// and the WhatsApp Cloud API that check the exact request.

const server = apiServerForFile();
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});
function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

async function rowsOf(clientId: string) {
  const db = await getDb();
  return db.select().from(messageOutbox).where(eq(messageOutbox.clientId, clientId)).orderBy(messageOutbox.channel);
}

async function mobileCustomer(clientId: string, opts: { language?: string } = {}) {
  const db = await getDb();
  const customerId = randomId('cus');
  await db.insert(customers).values({ id: customerId, clientId, userName: 'Ravi', mobile: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, language: opts.language ?? null, contactVerifiedAt: new Date() });
  return customerId;
}

type Received = { to: string[]; data: string };
async function smtpServer() {
  const received: Received[] = [];
  const s = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => s.close(() => r())) };
}

/** A provider fake that keeps one delivery per Idempotency-Key (or biz_opaque_callback_data) and answers the same id for a repeat. */
async function httpFake(opts: { status?: () => number; hold?: () => boolean } = {}) {
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: any }[] = [];
  const delivered = new Map<string, string>();
  const held: http.ServerResponse[] = [];
  const s = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const status = opts.status?.() ?? 200;
      if (status !== 200) {
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      const key = String(req.headers['idempotency-key'] ?? body.biz_opaque_callback_data);
      if (!delivered.has(key)) delivered.set(key, `wamid.${randomId('x', 12)}`);
      if (opts.hold?.()) {
        held.push(res); // accepted, but the answer never reaches the sender
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messaging_product: 'whatsapp', messageId: delivered.get(key), messages: [{ id: delivered.get(key) }] }));
    });
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  return {
    requests,
    delivered,
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const h of held) h.destroy();
        s.close(() => r());
        s.closeAllConnections();
      }),
  };
}

describe('enqueueing', () => {
  it('a brand reply writes the in-app copy and one e-mail in the customer\'s language, in the reply\'s transaction, once per event', async () => {
    const brand = await createTestBrand({ flags: { isComplaintManagementEnabled: true } });
    const who = await signedInCustomer(brand.id);
    const db = await getDb();
    await db.update(customers).set({ language: 'hi' }).where(eq(customers.id, who.customerId));
    const ticket = await insertComplaint(brand.id, { customerId: who.customerId });
    const done = await replyComplaint(cliScope(brand.id, brand.slug), { ticketId: ticket.ticketId, message: 'We are sending a new one.' });
    const rows = await rowsOf(brand.id);
    expect(rows.map((r) => [r.channel, r.state, r.kind, r.locale])).toEqual([
      ['app', 'sent', 'complaint-reply', 'hi'],
      ['email', 'queued', 'complaint-reply', 'hi'],
    ]);
    const email = rows.find((r) => r.channel === 'email')!;
    expect(email.recipient).toBe(`${who.customerId.toLowerCase()}@example.com`);
    expect(email.idempotencyKey).toBe(`complaint-reply:${done.messageId}:email`);
    expect(email.subject).toBe(`${brand.name} ने आपकी शिकायत ${ticket.ticketId} का जवाब दिया`);
    expect(email.body).toContain('"We are sending a new one."');
    expect(email.params).toEqual({ brand: brand.name, ticket: ticket.ticketId, reply: 'We are sending a new one.' });

    // The same event again writes nothing.
    await enqueueCustomerMessage(db, { clientId: brand.id, customerId: who.customerId, kind: 'complaint-reply', eventKey: done.messageId, params: { ticket: ticket.ticketId, reply: 'x' } });
    expect(await rowsOf(brand.id)).toHaveLength(2);
  });

  it('a refused status change enqueues nothing; an allowed one says the status in the customer\'s words', async () => {
    const brand = await createTestBrand({ flags: { isComplaintManagementEnabled: true } });
    const who = await signedInCustomer(brand.id);
    const ticket = await insertComplaint(brand.id, { customerId: who.customerId, status: 'open' });
    await expect(setComplaintStatus(cliScope(brand.id, brand.slug), { ticketId: ticket.ticketId, status: 'unassigned' })).rejects.toThrow('A open complaint cannot move to unassigned');
    expect(await rowsOf(brand.id)).toHaveLength(0);
    await setComplaintStatus(cliScope(brand.id, brand.slug), { ticketId: ticket.ticketId, status: 'inprogress' });
    const email = (await rowsOf(brand.id)).find((r) => r.channel === 'email')!;
    expect(email.subject).toBe(`Your complaint ${ticket.ticketId} is now In progress`);
  });

  it('a turned-off channel is skipped, the in-app copy kept; a recall cannot be turned off', async () => {
    const brand = await createTestBrand();
    const who = await signedInCustomer(brand.id);
    const db = await getDb();
    for (const kind of ['warranty-registered', 'recall'] as const) {
      await db.insert(messagePreferences).values({ clientId: brand.id, customerId: who.customerId, kind, channel: 'email', enabled: false });
    }
    await enqueueCustomerMessage(db, { clientId: brand.id, customerId: who.customerId, kind: 'warranty-registered', eventKey: 'w1', params: { product: 'Kettle', endsOn: '2027-01-01' } });
    await enqueueCustomerMessage(db, { clientId: brand.id, customerId: who.customerId, kind: 'recall', eventKey: 'r1', params: { product: 'Kettle', batch: 'B1', notice: 'Stop using it.' } });
    expect((await rowsOf(brand.id)).map((r) => `${r.kind}/${r.channel}`).sort()).toEqual(['recall/app', 'recall/email', 'warranty-registered/app']);
  });

  it('another brand\'s customer gets nothing', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const who = await signedInCustomer(other.id);
    const db = await getDb();
    expect(await enqueueCustomerMessage(db, { clientId: brand.id, customerId: who.customerId, kind: 'recall', eventKey: 'r1', params: { product: 'K', batch: 'B', notice: 'N' } })).toEqual([]);
    expect(await rowsOf(brand.id)).toHaveLength(0);
  });

  it('a payout\'s result tells the customer the bank\'s reference, or what failed', async () => {
    const brand = await createTestBrand();
    const a = await payoutIn(brand.id, 'PENDING_AT_BANK');
    const b = await payoutIn(brand.id, 'PENDING_AT_BANK');
    await importBankResults(cliScope(brand.id, brand.slug), `reference,status,bank_ref,reason\n${a.reference},SUCCESS,UTR998877,\n${b.reference},FAILED,,Account closed\n`);
    const emails = (await rowsOf(brand.id)).filter((r) => r.channel === 'email');
    const paid = emails.find((r) => r.customerId === a.customerId)!;
    const failed = emails.find((r) => r.customerId === b.customerId)!;
    expect(paid).toMatchObject({ kind: 'payout-completed', subject: 'Your cashback of ₹25.00 was paid' });
    expect(paid.body).toBe(`${brand.name}: your cashback of ₹25.00 was paid to your UPI id. The bank's reference (UTR) is UTR998877.`);
    expect(failed).toMatchObject({ kind: 'payout-failed' });
    expect(failed.body).toContain('(Account closed). Check the UPI id in your profile');
    // The customer's payments show the bank's reference of a paid one.
    expect((await listTransactions(await getDb(), brand.id, a.customerId))[0]).toMatchObject({ status: 'TRANSFER_COMPLETED', bankRef: 'UTR998877' });
    expect((await listTransactions(await getDb(), brand.id, b.customerId))[0]).toMatchObject({ status: 'TRANSFER_FAILED', bankRef: null, failureReason: 'Account closed' });
  });

  it('a warranty registered and one ending within 30 days each queue their message once', async () => {
    const brand = await createTestBrand({ flags: { isWarrantyEnabled: true } });
    const who = await signedInCustomer(brand.id);
    const unit = await claimedUnit(brand.id, who.customerId, { name: 'Kettle', warrantyMonths: 12 });
    const purchase = new Date(Date.now() - 350 * 86_400_000).toISOString().slice(0, 10);
    const res = await postForm(server, brand.domain, who, '/api/customer/warranties', [
      { name: 'unitId', value: unit.unitId },
      { name: 'purchaseDate', value: purchase },
      { name: 'invoice', filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]);
    expect(res.status).toBe(201);
    const db = await getDb();
    const [w] = await db.select().from(warranties).where(and(eq(warranties.clientId, brand.id), eq(warranties.unitId, unit.unitId)));
    const registered = (await rowsOf(brand.id)).find((r) => r.kind === 'warranty-registered' && r.channel === 'email')!;
    expect(registered.body).toBe(`${brand.name}: the warranty of your Kettle is registered. It runs until ${w!.endsOn}.`);
    expect(await enqueueWarrantyEndings(new Date(), { clientId: brand.id })).toBe(1);
    expect(await enqueueWarrantyEndings(new Date(), { clientId: brand.id })).toBe(0);
    expect((await rowsOf(brand.id)).filter((r) => r.kind === 'warranty-ending').map((r) => r.channel)).toEqual(['app', 'email']);
  });
});

describe('delivery', () => {
  it('sends e-mail through a real SMTP server with the message\'s id, and records it', async () => {
    const smtp = await smtpServer();
    try {
      setEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'messages@brand.example' });
      const brand = await createTestBrand();
      const who = await signedInCustomer(brand.id);
      await enqueueCustomerMessage(await getDb(), { clientId: brand.id, customerId: who.customerId, kind: 'recall', eventKey: 'r1', params: { product: 'Kettle', batch: 'B7', notice: 'Stop using it.' } });
      expect(await deliverDueMessages({ clientId: brand.id })).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
      const email = (await rowsOf(brand.id)).find((r) => r.channel === 'email')!;
      expect(email).toMatchObject({ state: 'sent', attempts: 1, provider: 'smtp', providerMessageId: `<${email.id}@brand.example>`, lastError: null });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([who.customerId.toLowerCase() + '@example.com']);
      expect(smtp.received[0]!.data).toContain(`Message-ID: <${email.id}@brand.example>`);
      expect(smtp.received[0]!.data).toContain('X-Idempotency-Key: recall:r1:email');
      expect(smtp.received[0]!.data).toContain('Subject: Important safety notice: Kettle');
      // Nothing left due: another round sends nothing.
      expect(await deliverDueMessages({ clientId: brand.id, now: new Date(Date.now() + 86_400_000) })).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0 });
    } finally {
      await smtp.close();
    }
  });

  it('a provider that is down delays the message with back-off and loses none; it goes once the provider is back', async () => {
    const brand = await createTestBrand({ messaging: { smsDltTemplates: { recall: '1107160000000000001' } } });
    let up = false;
    const fake = await httpFake({ status: () => (up ? 200 : 503) });
    try {
      setEnv({ SMS_HTTP_URL: `${fake.url}/send`, SMS_HTTP_TOKEN: 'gateway-token' });
      const customerId = await mobileCustomer(brand.id);
      await enqueueCustomerMessage(await getDb(), { clientId: brand.id, customerId, kind: 'recall', eventKey: 'r1', params: { product: 'Kettle', batch: 'B7', notice: 'Stop using it.' } });
      const t0 = new Date();
      expect(await deliverDueMessages({ clientId: brand.id, now: t0 })).toMatchObject({ claimed: 1, retrying: 1 });
      let sms = (await rowsOf(brand.id)).find((r) => r.channel === 'sms')!;
      expect(sms).toMatchObject({ state: 'queued', attempts: 1 });
      expect(sms.lastError).toContain('HTTP 503');
      expect(sms.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
      // Not due before its time.
      expect((await deliverDueMessages({ clientId: brand.id, now: new Date(t0.getTime() + 29_000) })).claimed).toBe(0);
      expect(await deliverDueMessages({ clientId: brand.id, now: new Date(t0.getTime() + 30_000) })).toMatchObject({ claimed: 1, retrying: 1 });
      sms = (await rowsOf(brand.id)).find((r) => r.channel === 'sms')!;
      expect(sms.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000 + 60_000); // doubled
      up = true;
      expect(await deliverDueMessages({ clientId: brand.id, now: new Date(t0.getTime() + 90_000) })).toMatchObject({ claimed: 1, sent: 1 });
      sms = (await rowsOf(brand.id)).find((r) => r.channel === 'sms')!;
      expect(sms).toMatchObject({ state: 'sent', attempts: 3, provider: 'sms-http', providerMessageId: fake.delivered.get('recall:r1:sms'), lastError: null });
      // The gateway's documented request, every time.
      expect(fake.requests).toHaveLength(3);
      for (const r of fake.requests) {
        expect(r.method).toBe('POST');
        expect(r.url).toBe('/send');
        expect(r.headers['authorization']).toBe('Bearer gateway-token');
        expect(r.headers['idempotency-key']).toBe('recall:r1:sms');
        expect(r.headers['content-type']).toBe('application/json');
        expect(r.body).toEqual({ to: sms.recipient, message: sms.body, dltTemplateId: '1107160000000000001', reference: 'recall:r1:sms' });
      }
      expect(fake.delivered.size).toBe(1);
    } finally {
      await fake.close();
    }
  });

  it('an SMS kind without its DLT template id fails at once, named, and is not retried', async () => {
    const brand = await createTestBrand();
    const fake = await httpFake();
    try {
      setEnv({ SMS_HTTP_URL: `${fake.url}/send` });
      const customerId = await mobileCustomer(brand.id);
      await enqueueCustomerMessage(await getDb(), { clientId: brand.id, customerId, kind: 'recall', eventKey: 'r1', params: { product: 'K', batch: 'B', notice: 'N' } });
      expect(await deliverDueMessages({ clientId: brand.id })).toMatchObject({ claimed: 1, failed: 1 });
      const sms = (await rowsOf(brand.id)).find((r) => r.channel === 'sms')!;
      expect(sms).toMatchObject({ state: 'failed', lastError: "No DLT template id for recall in the brand's messaging.smsDltTemplates" });
      expect(fake.requests).toHaveLength(0);
      expect((await deliverDueMessages({ clientId: brand.id, now: new Date(Date.now() + 7 * 86_400_000) })).claimed).toBe(0);
    } finally {
      await fake.close();
    }
  });

  it('WhatsApp: the Cloud API\'s template request, to the approved template of the kind and language, instead of SMS', async () => {
    const fake = await httpFake();
    const brand = await createTestBrand({
      messaging: { whatsapp: { phoneNumberId: '106540352242922', token: 'EAAJB-test-token-0123456789', version: '21.0', templates: { 'payout-completed': { ta: 'cashback_paid_ta' } } } },
    });
    try {
      setEnv({ WHATSAPP_API_URL: fake.url });
      const customerId = await mobileCustomer(brand.id, { language: 'ta' });
      const english = await mobileCustomer(brand.id, { language: 'en' }); // no English template: SMS
      const db = await getDb();
      for (const id of [customerId, english]) {
        await enqueueCustomerMessage(db, { clientId: brand.id, customerId: id, kind: 'payout-completed', eventKey: `p-${id}`, params: { amount: '25.00', utr: 'UTR42' } });
      }
      const rows = await rowsOf(brand.id);
      expect(rows.filter((r) => r.customerId === english).map((r) => r.channel)).toEqual(['app', 'sms']);
      const wa = rows.find((r) => r.channel === 'whatsapp')!;
      expect(wa.customerId).toBe(customerId);
      await deliverDueMessages({ clientId: brand.id });
      expect(fake.requests).toHaveLength(1);
      const [req] = fake.requests;
      expect(req!.method).toBe('POST');
      expect(req!.url).toBe('/v21.0/106540352242922/messages');
      expect(req!.headers['authorization']).toBe('Bearer EAAJB-test-token-0123456789');
      expect(req!.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: wa.recipient.slice(1),
        type: 'template',
        template: {
          name: 'cashback_paid_ta',
          language: { code: 'ta' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: brand.name }, { type: 'text', text: '25.00' }, { type: 'text', text: 'UTR42' }] }],
        },
        biz_opaque_callback_data: `payout-completed:p-${customerId}:whatsapp`,
      });
      const after = (await rowsOf(brand.id)).find((r) => r.channel === 'whatsapp')!;
      expect(after).toMatchObject({ state: 'sent', provider: 'whatsapp', providerMessageId: fake.delivered.get(`payout-completed:p-${customerId}:whatsapp`) });
    } finally {
      await fake.close();
    }
  });

  it('the brand\'s WhatsApp token is not shown in its settings nor written to the audit log', async () => {
    const brand = await createTestBrand();
    const scope = cliScope(brand.id, brand.slug);
    await updateSettings(scope, { messaging: { whatsapp: { phoneNumberId: '106540352242922', token: 'EAAJB-secret-token-abcdefWXYZ', version: '21.0', templates: {} } } });
    expect((await getSettings(scope)).config.messaging.whatsapp?.token).toBe('****************WXYZ');
    const db = await getDb();
    const logged = await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id));
    expect(JSON.stringify(logged)).not.toContain('secret-token');
    // A bad setting changes nothing, naming the field.
    await expect(updateSettings(scope, { messaging: { smsDltTemplates: { recall: 'abc' } } })).rejects.toThrow('DLT template id');
  });

  it('two workers at once claim each message once', async () => {
    const brand = await createTestBrand();
    const db = await getDb();
    const who = await signedInCustomer(brand.id);
    for (let i = 0; i < 12; i++) {
      await enqueueCustomerMessage(db, { clientId: brand.id, customerId: who.customerId, kind: 'recall', eventKey: `r${i}`, params: { product: 'K', batch: 'B', notice: 'N' } });
    }
    const sent: string[] = [];
    const send: typeof sendQueued = async (m) => {
      sent.push(m.idempotencyKey);
      return { provider: 'test', providerMessageId: m.id };
    };
    const rounds = await Promise.all([1, 2, 3].map(() => deliverDueMessages({ clientId: brand.id, send, limit: 5 })));
    const more = await deliverDueMessages({ clientId: brand.id, send, limit: 20 });
    expect(rounds.reduce((n, r) => n + r.claimed, 0) + more.claimed).toBe(12);
    expect(new Set(sent).size).toBe(12);
    expect(sent).toHaveLength(12);
  });

  it('a worker that dies after the provider accepted the message: after its lease the message is sent again under the same key, and the provider keeps one delivery', async () => {
    let hold = true;
    const fake = await httpFake({ hold: () => hold });
    const brand = await createTestBrand({ messaging: { smsDltTemplates: { recall: '1107160000000000001' } } });
    try {
      setEnv({ SMS_HTTP_URL: `${fake.url}/send` });
      const customerId = await mobileCustomer(brand.id);
      const db = await getDb();
      await enqueueCustomerMessage(db, { clientId: brand.id, customerId, kind: 'recall', eventKey: 'r1', params: { product: 'K', batch: 'B', notice: 'N' } });
      // The dying worker: claims, sends; the provider accepts; the answer never comes back and nothing is recorded.
      const t0 = new Date();
      const [claimed] = await claimDueMessages(db, { now: t0, limit: 5, leaseSeconds: LEASE_SECONDS, clientId: brand.id });
      const lost = sendQueued(claimed!, { name: brand.name, config: (await import('@/lib/brands/brand-config')).brandConfigOf({ config: { messaging: { smsDltTemplates: { recall: '1107160000000000001' } } } }) }).catch(() => 'dead');
      await new Promise<void>((r) => {
        const wait = () => (fake.requests.length ? r() : setTimeout(wait, 5));
        wait();
      });
      // Still leased: another worker leaves it alone.
      expect((await deliverDueMessages({ clientId: brand.id, now: new Date(t0.getTime() + (LEASE_SECONDS - 1) * 1000) })).claimed).toBe(0);
      hold = false;
      expect(await deliverDueMessages({ clientId: brand.id, now: new Date(t0.getTime() + LEASE_SECONDS * 1000) })).toMatchObject({ claimed: 1, sent: 1 });
      const sms = (await rowsOf(brand.id)).find((r) => r.channel === 'sms')!;
      expect(sms).toMatchObject({ state: 'sent', attempts: 2, providerMessageId: fake.delivered.get('recall:r1:sms') });
      expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual(['recall:r1:sms', 'recall:r1:sms']);
      expect(fake.delivered.size).toBe(1);
      await fake.close();
      expect(await lost).toBe('dead');
      // The dead worker's late answer could not overwrite the row (its claim's attempt count is stale).
      expect((await rowsOf(brand.id)).find((r) => r.channel === 'sms')).toMatchObject({ state: 'sent', attempts: 2 });
    } finally {
      await fake.close().catch(() => {});
    }
  });

  it('without a provider configured, messages go to the local file (memory in tests)', async () => {
    setEnv({ SMTP_URL: undefined, SMS_HTTP_URL: undefined });
    const brand = await createTestBrand();
    const who = await signedInCustomer(brand.id);
    await enqueueCustomerMessage(await getDb(), { clientId: brand.id, customerId: who.customerId, kind: 'recall', eventKey: 'r1', params: { product: 'K', batch: 'B', notice: 'N' } });
    const before = memoryMessages.length;
    expect(await deliverDueMessages({ clientId: brand.id })).toMatchObject({ sent: 1 });
    expect(memoryMessages.slice(before)).toEqual([expect.objectContaining({ key: 'recall:r1:email', channel: 'email', subject: 'Important safety notice: K' })]);
  });

  it('the WhatsApp request takes the kind\'s values in their documented order', () => {
    const req = whatsAppRequest({ kind: 'complaint-status', recipient: '+919812345678', locale: 'hi', params: { status: 'बंद', brand: 'Acme', ticket: 'T-1' }, idempotencyKey: 'k' }, 'status_hi');
    expect(req.template.components[0]!.parameters.map((p) => p.text)).toEqual(['Acme', 'T-1', 'बंद']);
    expect(req.to).toBe('919812345678');
  });
});
