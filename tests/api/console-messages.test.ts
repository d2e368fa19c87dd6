import { and, eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { addUnit, as, claimUnit, createProductWithUnit, signedInCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { auditLog, batches, customers, messageOutbox, warranties, files } from '@/lib/db/schema';
import { runOperatorCommand } from '@/lib/operator/commands';
import { deliverDueMessages } from '@/lib/messaging/worker';
import { resetEnvCache } from '@/lib/edge/env';
import { randomId } from '@/lib/ids';

// The console's customer messages (docs/messages.md): a recall or safety notice to every customer
// who claimed or registered a unit of a batch (confirmed, audited with the count reached, by the
// catalogue's writers only, never another brand's batch), and the delivery state where a provider
// that is down shows.

jest.setTimeout(60_000);
const server = apiServerForFile();
const base = (slug: string) => `/api/console/brands/${slug}`;

async function registerWarranty(clientId: string, customerId: string, unitId: string, productId: string) {
  const db = await getDb();
  const fileId = randomId('fl', 16);
  await db.insert(files).values({ id: fileId, clientId, customerId, mediaType: 'pdf', contentType: 'application/pdf', size: 4, originalName: 'invoice.pdf', sha256: 'x', bytes: Buffer.from('%PDF') });
  await db.insert(warranties).values({ id: randomId('wr', 16), clientId, customerId, unitId, productId, purchaseDate: '2026-01-01', invoiceFileId: fileId, startsOn: '2026-01-01', endsOn: '2027-01-01' });
}

describe('a recall notice', () => {
  it('reaches every customer who claimed or registered a unit of the batch, once each, in their language; confirmed and audited with the count', async () => {
    const brand = await createTestBrand();
    const other = await createTestBrand();
    const { productId, batchId, unitId } = await createProductWithUnit(brand.id, { name: 'Kettle' });
    const unit2 = await addUnit(brand.id, productId, batchId);
    const unit3 = await addUnit(brand.id, productId, batchId);
    const elsewhere = await createProductWithUnit(brand.id); // another batch: not reached
    const a = await signedInCustomer(brand.id);
    const b = await signedInCustomer(brand.id);
    const c = await signedInCustomer(brand.id);
    const db = await getDb();
    await db.update(customers).set({ language: 'ta' }).where(eq(customers.id, b.customerId));
    await claimUnit(brand.id, a.customerId, unitId);
    await claimUnit(brand.id, a.customerId, unit2); // two units: reached once
    await claimUnit(brand.id, b.customerId, unit3);
    await registerWarranty(brand.id, b.customerId, unit3, productId); // claimed and registered: once
    await claimUnit(brand.id, c.customerId, elsewhere.unitId);

    const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    const audience = await manager.fetch(`${base(brand.slug)}/catalogue/batches/${batchId}/recall`);
    expect(audience.status).toBe(200);
    expect(audience.body).toMatchObject({ batchId, productName: 'Kettle', customers: 2 });

    const unconfirmed = await manager.fetch(`${base(brand.slug)}/catalogue/batches/${batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle: its lid may crack.' } });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.body.field).toBe('confirm');
    const short = await manager.fetch(`${base(brand.slug)}/catalogue/batches/${batchId}/recall`, { method: 'POST', body: { notice: 'Stop', confirm: true } });
    expect(short.status).toBe(422);
    expect(short.body.field).toBe('notice');
    expect(await db.select().from(messageOutbox).where(eq(messageOutbox.clientId, brand.id))).toEqual([]);

    const sent = await manager.fetch(`${base(brand.slug)}/catalogue/batches/${batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle: its lid may crack.', confirm: true } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ customers: 2, queued: { email: 2, sms: 0, whatsapp: 0 } });
    const rows = await db.select().from(messageOutbox).where(and(eq(messageOutbox.clientId, brand.id), eq(messageOutbox.channel, 'email')));
    expect(rows.map((r) => r.customerId).sort()).toEqual([a.customerId, b.customerId].sort());
    const tamil = rows.find((r) => r.customerId === b.customerId)!;
    expect(tamil.locale).toBe('ta');
    expect(tamil.subject).toBe('முக்கிய பாதுகாப்பு அறிவிப்பு: Kettle');
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'messages.recall')));
    expect(audit).toMatchObject({ staffId: manager.staffId });
    expect(audit!.after).toMatchObject({ customers: 2, notice: 'Stop using the kettle: its lid may crack.' });

    // The customer sees it in the app.
    const inApp = await as(server, brand.domain, a)('GET', '/api/customer/messages');
    expect(inApp.body.messages[0]).toMatchObject({ kind: 'recall', subject: 'Important safety notice: Kettle', read: false });

    // Support may not send one; another brand's staff cannot see the batch.
    const support = await signedInStaff(server, { clientId: brand.id, role: 'support' });
    expect((await support.fetch(`${base(brand.slug)}/catalogue/batches/${batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle now.', confirm: true } })).status).toBe(403);
    const stranger = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    expect((await stranger.fetch(`${base(other.slug)}/catalogue/batches/${batchId}/recall`)).status).toBe(404);
    expect((await stranger.fetch(`${base(other.slug)}/catalogue/batches/${batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle now.', confirm: true } })).status).toBe(404);
  });
});

describe('the command line', () => {
  it('sends a recall by batch number and reads the delivery state, as the console does', async () => {
    const brand = await createTestBrand();
    const { batchId, unitId } = await createProductWithUnit(brand.id, { name: 'Kettle' });
    const who = await signedInCustomer(brand.id);
    await claimUnit(brand.id, who.customerId, unitId);
    const db = await getDb();
    const [batch] = await db.select().from(batches).where(eq(batches.id, batchId));
    expect(await runOperatorCommand('send-recall', { slug: brand.slug, batch: batch!.batchNumber.toLowerCase(), notice: 'Stop using the kettle now.' })).toMatchObject({ customers: 1, queued: { email: 1 } });
    await expect(runOperatorCommand('send-recall', { slug: brand.slug, batch: 'NO-SUCH', notice: 'Stop using the kettle now.' })).rejects.toThrow('No batch NO-SUCH');
    expect(await runOperatorCommand('message-delivery', { slug: brand.slug })).toMatchObject({ queued: { email: 1 }, failed: { email: 0 } });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'messages.recall')));
    expect(audit).toMatchObject({ staffId: null });
  });
});

describe('delivery state', () => {
  it('shows messages waiting while a provider is down, and failed ones, which the owner sends again', async () => {
    const brand = await createTestBrand({ messaging: { smsDltTemplates: {} } });
    const { batchId, unitId } = await createProductWithUnit(brand.id, { name: 'Kettle' });
    const db = await getDb();
    const mobile = randomId('cus');
    await db.insert(customers).values({ id: mobile, clientId: brand.id, mobile: '+919800000001', contactVerifiedAt: new Date() });
    const emailer = await signedInCustomer(brand.id);
    await claimUnit(brand.id, mobile, unitId);
    const other = await createProductWithUnit(brand.id);
    await claimUnit(brand.id, emailer.customerId, other.unitId);
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await owner.fetch(`${base(brand.slug)}/catalogue/batches/${batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle now.', confirm: true } })).body).toMatchObject({ customers: 1, queued: { sms: 1 } });
    expect((await owner.fetch(`${base(brand.slug)}/catalogue/batches/${other.batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle now.', confirm: true } })).body).toMatchObject({ customers: 1, queued: { email: 1 } });

    process.env.SMTP_URL = 'smtp://127.0.0.1:9'; // nothing listens: the e-mail provider is down
    process.env.SMS_HTTP_URL = 'http://127.0.0.1:9/send';
    resetEnvCache();
    try {
      await deliverDueMessages({ clientId: brand.id });
    } finally {
      delete process.env.SMTP_URL;
      delete process.env.SMS_HTTP_URL;
      resetEnvCache();
    }
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    const state = await analyst.fetch(`${base(brand.slug)}/messages/delivery`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ queued: { email: 1, sms: 0, whatsapp: 0 }, failed: { email: 0, sms: 1, whatsapp: 0 } });
    expect(state.body.oldestQueuedAt).toEqual(expect.any(String));
    const byChannel = Object.fromEntries(state.body.problems.map((p: { channel: string }) => [p.channel, p]));
    expect(byChannel.email).toMatchObject({ kind: 'recall', state: 'queued', attempts: 1, lastError: expect.stringContaining('Could not send e-mail through SMTP') });
    expect(byChannel.sms).toMatchObject({ state: 'failed', lastError: "No DLT template id for recall in the brand's messaging.smsDltTemplates", nextAttemptAt: null });

    expect((await analyst.fetch(`${base(brand.slug)}/messages/retry-failed`, { method: 'POST' })).status).toBe(403);
    const retried = await owner.fetch(`${base(brand.slug)}/messages/retry-failed`, { method: 'POST' });
    expect(retried.body).toEqual({ requeued: 1 });
    expect((await owner.fetch(`${base(brand.slug)}/messages/delivery`)).body).toMatchObject({ queued: { email: 1, sms: 1 }, failed: { sms: 0 } });
  });
});
