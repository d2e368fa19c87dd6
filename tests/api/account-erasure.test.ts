import { and, eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, fixtures, op, postForm, signedInCustomer, type Part, type TestCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { complaintMessages, complaints, feedback, fileDeletions, files, journeyAnswers, journeyRuns, journeySteps, journeys, payouts, reports, rewardGrants, rewards } from '@/lib/db/schema';
import { fileStore } from '@/lib/files';
import { ERASED_TEXT } from '@/lib/api/customer/delete-account';
import { randomId } from '@/lib/ids';
import { newPayoutReference } from '@/lib/payouts/reference';

// Account deletion erases what docs/after-sales.md promises: uploaded files (rows and objects in
// the file store), complaint and message text, feedback, report text, location and photos, and
// the UPI id of payouts that are not a payment record. Another customer's data stays.

jest.setTimeout(60_000);

const server = apiServerForFile();

const FLAGS = { isComplaintManagementEnabled: true, isWarrantyEnabled: true, isRedFlaggingEnabled: true, isLoyalityProgramEnabled: true };

/** Everything a customer can leave behind: complaint with attachment and reply, warranty invoice, report photo, feedback, payouts. */
async function customerWithHistory(brand: { id: string; slug: string; domain: string }, who: TestCustomer) {
  const api = as(server, brand.domain, who);
  const unit = await claimedUnit(brand.id, who.customerId);
  const text = (o: Record<string, string>) => Object.entries(o).map(([name, value]): Part => ({ name, value }));
  const ticket = await postForm(server, brand.domain, who, '/api/customer/complaints', [
    ...text({ category: 'Other', priority: 'Low', description: 'My address is 12 MG Road, call me on 98xxxx.' }),
    { name: 'attachments', filename: 'photo of me.png', type: 'image/png', bytes: fixtures.png(50_000) },
  ]);
  expect(ticket.status).toBe(201);
  const ticketId = ticket.body.ticketId as string;
  expect((await api('POST', `/api/customer/complaints/${ticketId}/messages`, { body: { body: 'Please call me at home.' } })).status).toBe(201);
  await op('reply-complaint', { slug: brand.slug, ticket: ticketId, message: 'We will replace it.' });
  const warranty = await postForm(server, brand.domain, who, '/api/customer/warranties', [
    ...text({ unitId: unit.unitId, purchaseDate: '2025-01-31' }),
    { name: 'invoice', filename: 'invoice.pdf', type: 'application/pdf', bytes: fixtures.pdf(80_000) },
  ]);
  expect(warranty.status).toBe(201);
  const report = await postForm(server, brand.domain, who, '/api/report', [
    ...text({ description: 'Bought at the shop next to my house', lat: '19.07609', lng: '72.877426' }),
    { name: 'photo', filename: 'p.png', type: 'image/png', bytes: fixtures.png(10_000) },
  ]);
  expect(report.status).toBe(201);
  expect((await api('POST', '/api/customer/feedback', { body: { rating: 4, comment: 'Asha here, from Pune' } })).status).toBe(201);

  // Payouts: one paid (a financial record), one failed at the bank, one on its way.
  const db = await getDb();
  const paid: Record<string, string> = {};
  for (const status of ['TRANSFER_COMPLETED', 'TRANSFER_FAILED', 'PENDING_AT_BANK'] as const) {
    const rewardId = randomId('rw', 16);
    await db.insert(rewards).values({ id: rewardId, clientId: brand.id, name: `Cashback ${status}`, type: 'Cashback', amount: 2500, budgetTotal: 10_000 });
    const grantId = randomId('gr', 16);
    await db.insert(rewardGrants).values({ id: grantId, clientId: brand.id, customerId: who.customerId, rewardId, unitId: unit.unitId, productId: unit.productId });
    const id = randomId('po', 16);
    await db.insert(payouts).values({ id, clientId: brand.id, customerId: who.customerId, grantId, amount: 2500, vpa: 'asha@okbank', status, reference: newPayoutReference(), failureReason: status === 'TRANSFER_FAILED' ? 'asha@okbank is closed' : null });
    paid[status] = id;
  }
  // An answer typed into a scan journey's INPUT step.
  const journeyId = randomId('jn', 16);
  const stepId = randomId('js', 16);
  const runId = randomId('jr', 16);
  const answerId = randomId('ja', 16);
  await db.insert(journeys).values({ id: journeyId, clientId: brand.id, productId: unit.productId });
  await db.insert(journeySteps).values({ id: stepId, clientId: brand.id, journeyId, position: 0, type: 'INPUT', title: 'Invoice number', config: { label: 'Invoice number' } });
  await db.insert(journeyRuns).values({ id: runId, clientId: brand.id, customerId: who.customerId, journeyId, unitId: unit.unitId, nextPosition: 1 });
  await db.insert(journeyAnswers).values({ id: answerId, clientId: brand.id, customerId: who.customerId, runId, stepId, value: { value: 'INV-42 Asha Pune' } });
  return { ticketId, payoutIds: paid, answerId };
}

async function filesOf(clientId: string, customerId: string) {
  return (await getDb()).select().from(files).where(and(eq(files.clientId, clientId), eq(files.customerId, customerId)));
}

it('erases files from the store, complaint text, feedback, report photos and text, and UPI ids not needed as payment records', async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  const bob = await signedInCustomer(brand.id);
  const mine = await customerWithHistory(brand, alice);
  const bobs = await customerWithHistory(brand, bob);
  const db = await getDb();

  const before = await filesOf(brand.id, alice.customerId);
  expect(before).toHaveLength(3); // attachment, invoice, report photo
  const keys = before.map((f) => f.storageKey!);
  for (const key of keys) expect(await fileStore().get(key)).toBeDefined();

  const res = await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token: alice.token, body: { confirm: 'DELETE' } });
  expect(res.status).toBe(200);

  // Files: rows hold nothing of the file, the objects are gone, the download is 404.
  for (const f of await filesOf(brand.id, alice.customerId)) {
    expect(f).toMatchObject({ bytes: null, storageKey: null, originalName: '', sha256: '', erasedAt: expect.any(Date) });
  }
  for (const key of keys) expect(await fileStore().get(key)).toBeUndefined();
  expect(await db.select().from(fileDeletions)).toEqual([]);
  const bobToken = await signedInCustomer(brand.id); // a signed-in caller; alice's own token is revoked
  expect((await as(server, brand.domain, bobToken)('GET', `/api/customer/files/${before[0]!.id}`)).status).toBe(404);

  // Complaint text and the customer's messages; the brand's reply stays.
  const [ticket] = await db.select().from(complaints).where(and(eq(complaints.clientId, brand.id), eq(complaints.ticketId, mine.ticketId)));
  expect(ticket!.description).toBe(ERASED_TEXT);
  const thread = await db.select().from(complaintMessages).where(and(eq(complaintMessages.clientId, brand.id), eq(complaintMessages.complaintId, ticket!.id)));
  expect(thread.filter((m) => m.author === 'customer').map((m) => m.body)).toEqual([ERASED_TEXT]);
  expect(thread.filter((m) => m.author === 'brand').map((m) => m.body)).toEqual(['We will replace it.']);

  // Feedback and reports.
  expect((await db.select().from(feedback).where(and(eq(feedback.clientId, brand.id), eq(feedback.customerId, alice.customerId)))).map((f) => f.comment)).toEqual(['']);
  const [report] = await db.select().from(reports).where(and(eq(reports.clientId, brand.id), eq(reports.customerId, alice.customerId)));
  expect(report).toMatchObject({ description: ERASED_TEXT, lat: null, lng: null, photo: null });

  // Payouts: the paid one and the one at the bank keep their UPI id (the payment record), the failed one does not.
  const vpaOf = async (id: string) => (await db.select().from(payouts).where(and(eq(payouts.clientId, brand.id), eq(payouts.id, id))))[0]!;
  expect((await vpaOf(mine.payoutIds.TRANSFER_COMPLETED!)).vpa).toBe('asha@okbank');
  expect((await vpaOf(mine.payoutIds.PENDING_AT_BANK!)).vpa).toBe('asha@okbank');
  expect(await vpaOf(mine.payoutIds.TRANSFER_FAILED!)).toMatchObject({ vpa: null, failureReason: null });

  // Journey answers.
  const answerOf = async (id: string) => (await db.select().from(journeyAnswers).where(and(eq(journeyAnswers.clientId, brand.id), eq(journeyAnswers.id, id))))[0]!;
  expect((await answerOf(mine.answerId)).value).toEqual({});

  // Bob's data is untouched.
  const bobFiles = await filesOf(brand.id, bob.customerId);
  expect(bobFiles.every((f) => f.storageKey && !f.erasedAt)).toBe(true);
  for (const f of bobFiles) expect(await fileStore().get(f.storageKey!)).toBeDefined();
  const [bobTicket] = await db.select().from(complaints).where(and(eq(complaints.clientId, brand.id), eq(complaints.ticketId, bobs.ticketId)));
  expect(bobTicket!.description).toMatch(/MG Road/);
  expect((await vpaOf(bobs.payoutIds.TRANSFER_FAILED!)).vpa).toBe('asha@okbank');
  expect((await answerOf(bobs.answerId)).value).toEqual({ value: 'INV-42 Asha Pune' });
});

it('erases files stored in the database before the file store too', async () => {
  const brand = await createTestBrand({ flags: FLAGS });
  const alice = await signedInCustomer(brand.id);
  const db = await getDb();
  const id = randomId('fl', 24);
  await db.insert(files).values({ id, clientId: brand.id, customerId: alice.customerId, mediaType: 'image', contentType: 'image/png', size: 256, originalName: 'old.png', sha256: 'x', bytes: fixtures.png() });
  const reportId = randomId('rp', 16);
  await db.insert(reports).values({ id: reportId, clientId: brand.id, customerId: alice.customerId, description: 'old report', photo: fixtures.png(), photoType: 'image/png' });
  expect((await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token: alice.token, body: { confirm: 'DELETE' } })).status).toBe(200);
  const [f] = await db.select().from(files).where(eq(files.id, id));
  expect(f).toMatchObject({ bytes: null, originalName: '', erasedAt: expect.any(Date) });
  const [r] = await db.select().from(reports).where(eq(reports.id, reportId));
  expect(r).toMatchObject({ photo: null, description: ERASED_TEXT });
});

it('refuses to retry a failed payout of a deleted account: no UPI id is left to pay', async () => {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: ['Low'] } });
  const alice = await signedInCustomer(brand.id);
  const { payoutIds } = await customerWithHistory(brand, alice);
  expect((await call(server, brand.domain, 'POST', '/api/customer/delete-account', { token: alice.token, body: { confirm: 'DELETE' } })).status).toBe(200);
  const db = await getDb();
  const [p] = await db.select().from(payouts).where(eq(payouts.id, payoutIds.TRANSFER_FAILED!));
  await expect(op('retry-payout', { slug: brand.slug, reference: p!.reference })).rejects.toThrow(/has no UPI id to pay/);
  const [after] = await db.select().from(payouts).where(eq(payouts.id, payoutIds.TRANSFER_FAILED!));
  expect(after!.status).toBe('TRANSFER_FAILED');
});
