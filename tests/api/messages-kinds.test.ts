import { and, eq } from 'drizzle-orm';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import { getDb } from '@/lib/db/client';
import { batches, customers, warranties } from '@/lib/db/schema';
import { memoryMessages, type LocalMessage } from '@/lib/messaging/channels';
import { deliverDueMessages, enqueueWarrantyEndings } from '@/lib/messaging/worker';
import { translator, type MessageKey } from '@/lib/shared/i18n';
import type { MessageKind } from '@/lib/domain/messages';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { as, claimedUnit, fixtures, op, postForm, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { signedInStaff } from '../support/console';
import { insertComplaint } from '../support/console-support';
import { payoutIn } from '../support/console-money';

// Each kind of message to a customer (issue 31, docs/messages.md), from the event that causes it
// through the Brand API (the console's reply, status change, bank results and recall; the
// customer's journey and warranty; the worker's scan of warranties ending) to what the customer
// receives: the worker delivers the e-mail once (a second round sends nothing), to the right
// customer only, in the customer's language (Hindi here) with the event's values, and the same
// words are in the customer's messages in the app. The security notices have theirs in
// messages-security.test.ts, account-security.test.ts and change-contact.test.ts.

jest.setTimeout(90_000);
const server = apiServerForFile();
const inHindi = translator(hi as unknown as typeof en, en);

type Who = TestCustomer & { email: string };

/** A signed-in customer of the brand who reads Hindi. */
async function hindiCustomer(clientId: string, existing?: TestCustomer): Promise<Who> {
  const who = existing ?? (await signedInCustomer(clientId));
  await (await getDb()).update(customers).set({ language: 'hi' }).where(eq(customers.id, who.customerId));
  return { ...who, email: `${who.customerId.toLowerCase()}@example.com` };
}

/** One round of the worker for the brand: what it delivered. */
async function deliver(clientId: string): Promise<LocalMessage[]> {
  const before = memoryMessages.length;
  await deliverDueMessages({ clientId });
  return memoryMessages.slice(before);
}

/** The Hindi subject and text of a kind's keys with the event's values (the brand's name added, as the outbox does). */
function hindi(keys: [MessageKey, MessageKey], brand: string, params: Record<string, string>) {
  return { subject: inHindi(keys[0], { brand, ...params }), body: inHindi(keys[1], { brand, ...params }) };
}

/**
 * The customer got this message of `kind` once: one e-mail delivered to them in Hindi with these
 * words, the same in their messages in the app; a second round of the worker delivers nothing
 * more, and `bystander` (another customer of the brand) got nothing.
 */
async function expectReceivedOnce(domain: string, clientId: string, who: Who, bystander: Who, kind: MessageKind, words: { subject: string; body: string }) {
  const delivered = await deliver(clientId);
  expect(delivered.filter((m) => m.kind === kind)).toEqual([expect.objectContaining({ channel: 'email', to: who.email, locale: 'hi', ...words })]);
  const inApp = await as(server, domain, who)('GET', '/api/customer/messages');
  expect(inApp.status).toBe(200);
  expect(inApp.body.messages.filter((m: { kind: string }) => m.kind === kind)).toEqual([expect.objectContaining({ ...words, read: false })]);
  expect((await deliver(clientId)).filter((m) => m.kind === kind)).toEqual([]);
  expect(delivered.filter((m) => m.to === bystander.email)).toEqual([]);
  expect((await as(server, domain, bystander)('GET', '/api/customer/messages')).body.messages).toEqual([]);
}

async function brandWithCustomers(config: Record<string, unknown> = {}) {
  const brand = await createTestBrand(config);
  return { brand, who: await hindiCustomer(brand.id), bystander: await hindiCustomer(brand.id) };
}

describe('each kind of message reaches its customer once, in their language', () => {
  it('complaint-reply: a brand\'s reply in the console', async () => {
    const { brand, who, bystander } = await brandWithCustomers({ flags: { isComplaintManagementEnabled: true } });
    const ticket = await insertComplaint(brand.id, { customerId: who.customerId, status: 'open' });
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const res = await staff.fetch(`/api/console/brands/${brand.slug}/complaints/${ticket.ticketId}/replies`, { method: 'POST', body: { message: 'We are  sending\na new one today.' } });
    expect(res.status).toBe(201);
    const words = hindi(['msg.complaintReplySubject', 'msg.complaintReplyText'], brand.name, { ticket: ticket.ticketId, reply: 'We are sending a new one today.' });
    expect(words.subject).toBe(`${brand.name} ने आपकी शिकायत ${ticket.ticketId} का जवाब दिया`);
    await expectReceivedOnce(brand.domain, brand.id, who, bystander, 'complaint-reply', words);
  });

  it('complaint-status: a status change in the console, the status in the customer\'s words', async () => {
    const { brand, who, bystander } = await brandWithCustomers({ flags: { isComplaintManagementEnabled: true } });
    const ticket = await insertComplaint(brand.id, { customerId: who.customerId, status: 'open' });
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    expect((await staff.fetch(`/api/console/brands/${brand.slug}/complaints/${ticket.ticketId}/status`, { method: 'POST', body: { status: 'inprogress' } })).status).toBe(200);
    const words = hindi(['msg.complaintStatusSubject', 'msg.complaintStatusText'], brand.name, { ticket: ticket.ticketId, status: inHindi('status.inprogress') });
    expect(words.subject).not.toContain('inprogress');
    await expectReceivedOnce(brand.domain, brand.id, who, bystander, 'complaint-status', words);
  });

  it('reward-earned: the REWARD step of the customer\'s scan journey', async () => {
    const { brand, who, bystander } = await brandWithCustomers({ flags: { isLoyalityProgramEnabled: true } });
    const unit = await claimedUnit(brand.id, who.customerId, { name: 'Kettle' });
    const reward = (await op('create-reward', { slug: brand.slug, name: 'Scan cashback', type: 'Cashback', amount: 25, budget: 1000, perCustomer: 5 })) as { rewardId: string };
    await op('set-journey', { slug: brand.slug, product: unit.productId, config: { steps: [{ type: 'REWARD', title: 'Your cashback', config: { rewardId: reward.rewardId } }] } });
    const api = as(server, brand.domain, who);
    const journey = await api('GET', `/api/customer/my-products/${unit.unitId}/journey`);
    expect((await api('POST', `/api/customer/my-products/${unit.unitId}/journey/steps/${journey.body.steps[0].stepId}`, { body: {} })).status).toBe(200);
    const words = hindi(['msg.rewardEarnedSubject', 'msg.rewardEarnedText'], brand.name, { reward: 'Scan cashback (₹25.00)', product: 'Kettle' });
    await expectReceivedOnce(brand.domain, brand.id, who, bystander, 'reward-earned', words);
  });

  it('payout-completed and payout-failed: the bank\'s results imported in the console, with its reference or what to do', async () => {
    const brand = await createTestBrand();
    const paid = await payoutIn(brand.id, 'PENDING_AT_BANK');
    const refused = await payoutIn(brand.id, 'PENDING_AT_BANK');
    const [a, b] = [await hindiCustomer(brand.id, { customerId: paid.customerId, token: '' }), await hindiCustomer(brand.id, { customerId: refused.customerId, token: '' })];
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const text = `reference,status,bank_ref,reason\n${paid.reference},SUCCESS,UTR55443322,\n${refused.reference},FAILED,,Account closed\n`;
    expect((await staff.fetch(`/api/console/brands/${brand.slug}/payouts/import`, { method: 'POST', body: { text } })).status).toBe(200);
    const delivered = await deliver(brand.id);
    const completed = hindi(['msg.payoutCompletedSubject', 'msg.payoutCompletedText'], brand.name, { amount: '25.00', utr: 'UTR55443322' });
    const failed = hindi(['msg.payoutFailedSubject', 'msg.payoutFailedText'], brand.name, { amount: '25.00', reason: 'Account closed' });
    expect(delivered.filter((m) => m.kind === 'payout-completed')).toEqual([expect.objectContaining({ channel: 'email', to: a.email, locale: 'hi', ...completed })]);
    expect(delivered.filter((m) => m.kind === 'payout-failed')).toEqual([expect.objectContaining({ channel: 'email', to: b.email, locale: 'hi', ...failed })]);
    expect(completed.body).toContain('UTR55443322');
    expect(failed.body).toContain('Account closed');
    expect(await deliver(brand.id)).toEqual([]);
  });

  it('warranty-registered: the customer registers a warranty', async () => {
    const { brand, who, bystander } = await brandWithCustomers({ flags: { isWarrantyEnabled: true } });
    const unit = await claimedUnit(brand.id, who.customerId, { name: 'Kettle', warrantyMonths: 12 });
    const res = await postForm(server, brand.domain, who, '/api/customer/warranties', [
      { name: 'unitId', value: unit.unitId },
      { name: 'purchaseDate', value: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10) },
      { name: 'invoice', filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]);
    expect(res.status).toBe(201);
    const [w] = await (await getDb()).select().from(warranties).where(and(eq(warranties.clientId, brand.id), eq(warranties.unitId, unit.unitId)));
    const words = hindi(['msg.warrantyRegisteredSubject', 'msg.warrantyRegisteredText'], brand.name, { product: 'Kettle', endsOn: w!.endsOn });
    await expectReceivedOnce(brand.domain, brand.id, who, bystander, 'warranty-registered', words);
  });

  it('warranty-ending: the worker\'s scan finds a warranty ending within 30 days', async () => {
    const { brand, who, bystander } = await brandWithCustomers({ flags: { isWarrantyEnabled: true } });
    const unit = await claimedUnit(brand.id, who.customerId, { name: 'Kettle', warrantyMonths: 12 });
    const res = await postForm(server, brand.domain, who, '/api/customer/warranties', [
      { name: 'unitId', value: unit.unitId },
      { name: 'purchaseDate', value: new Date(Date.now() - 350 * 86_400_000).toISOString().slice(0, 10) },
      { name: 'invoice', filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]);
    expect(res.status).toBe(201);
    await deliver(brand.id); // the registration's own message
    expect(await enqueueWarrantyEndings(new Date(), { clientId: brand.id })).toBe(1);
    expect(await enqueueWarrantyEndings(new Date(), { clientId: brand.id })).toBe(0);
    const [w] = await (await getDb()).select().from(warranties).where(and(eq(warranties.clientId, brand.id), eq(warranties.unitId, unit.unitId)));
    const words = hindi(['msg.warrantyEndingSubject', 'msg.warrantyEndingText'], brand.name, { product: 'Kettle', endsOn: w!.endsOn });
    await expectReceivedOnce(brand.domain, brand.id, who, bystander, 'warranty-ending', words);
  });

  it('recall: a notice sent from the console to the customers of a batch', async () => {
    const { brand, who, bystander } = await brandWithCustomers();
    const unit = await claimedUnit(brand.id, who.customerId, { name: 'Kettle' });
    const [batch] = await (await getDb()).select().from(batches).where(eq(batches.id, unit.batchId));
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const sent = await staff.fetch(`/api/console/brands/${brand.slug}/catalogue/batches/${unit.batchId}/recall`, { method: 'POST', body: { notice: 'Stop using the kettle: its lid may crack.', confirm: true } });
    expect(sent.status).toBe(200);
    const words = hindi(['msg.recallSubject', 'msg.recallText'], brand.name, { product: 'Kettle', batch: batch!.batchNumber, notice: 'Stop using the kettle: its lid may crack.' });
    await expectReceivedOnce(brand.domain, brand.id, who, bystander, 'recall', words);
  });
});
