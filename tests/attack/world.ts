import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { createTestBrand, type Res, type TestServer } from '../support/api-server';
import { as, claimUnit, fixtures, op, postForm, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';

// The attack suite's world: brand A with a victim customer who has real data of every kind
// (a claimed unit, a reward grant, a complaint with an attachment and a reply, a warranty with
// its invoice, feedback, a report, policy acknowledgements and cookie consent), and brand B
// beside it. Every module is switched on at both, so every route is reachable.

export const ALL_FLAGS = {
  isWarrantyEnabled: true,
  isLoyalityProgramEnabled: true,
  isDataAnalyticsEnabled: true,
  isLocationConversionEnabled: true,
  isTrackingEnabled: true,
  isRedFlaggingEnabled: true,
  isComplaintManagementEnabled: true,
  isQrSerializationEnabled: true,
  isVTCodesEnabled: true,
};

const ok = (res: Res, what: string) => {
  if (res.status >= 300) throw new Error(`seeding ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body;
};

export type Brand = Awaited<ReturnType<typeof createTestBrand>>;

/**
 * The secrets the delivery receipts are signed with (operations.ts `signature`): the brand's
 * WhatsApp app secret, and the SMS gateway token (tests/support/attack-env.ts). The bad-input run
 * signs every other request with them, so bad bodies reach validation, not only the signature check.
 */
export const RECEIPT_SECRETS = { whatsappSignature: 'attack-whatsapp-app-secret-0123', smsGatewaySignature: 'attack-sms-gateway-token-4567' } as const;
const attackWhatsApp = { phoneNumberId: '106540352242922', token: 'EAAJB-attack-access-token-000', version: '21.0', templates: {}, appSecret: RECEIPT_SECRETS.whatsappSignature, verifyToken: 'attack-verify-token-0000000' };

export async function attackBrand(): Promise<Brand> {
  const brand = await createTestBrand({ flags: ALL_FLAGS, complaintConfig: { priorities: ['Low', 'Urgent'] }, messaging: { whatsapp: attackWhatsApp } });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'attack-legal-'));
  for (const type of ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy']) {
    const file = path.join(dir, `${randomId('d', 6)}.md`);
    writeFileSync(file, `# ${type}\n\nThe rules.\n`);
    await op('publish-legal', { slug: brand.slug, type, file });
  }
  return brand;
}

export type World = Awaited<ReturnType<typeof seedWorld>>;

export async function seedWorld(server: TestServer) {
  const marker = `victim${randomId('m', 12).replace('_', '')}`;
  const a = await attackBrand();
  const b = await attackBrand();
  const victim = await signedInCustomer(a.id, { userName: `Name ${marker}`, vpa: `${marker.toLowerCase()}@okbank` });
  const api = as(server, a.domain, victim);

  const batch = await createTestBatch(a, { units: 3, caseSize: 3 });
  const [claimed] = batch.units;
  const unitId = claimed!.overt.pairId!;
  await claimUnit(a.id, victim.customerId, unitId);
  const productId = claimed!.overt.productId!;

  // A reward journey on the product, walked by the victim: a grant.
  const reward = (await op('create-reward', { slug: a.slug, name: 'Scan cashback', type: 'Cashback', amount: 25, budget: 1000, perCustomer: 5 })) as { rewardId: string };
  await op('set-journey', {
    slug: a.slug,
    product: productId,
    config: {
      steps: [
        { type: 'INFO', title: 'Thank you', config: { body: 'Your product is genuine.' } },
        { type: 'REWARD', title: 'Your cashback', config: { rewardId: reward.rewardId } },
      ],
    },
  });
  const journey = ok(await api('GET', `/api/customer/my-products/${unitId}/journey`), 'journey');
  let grantId = '';
  for (const step of journey.steps as Array<{ stepId: string }>) {
    const res = ok(await api('POST', `/api/customer/my-products/${unitId}/journey/steps/${step.stepId}`, { body: {} }), 'journey step');
    if (res.grant) grantId = res.grant.grantId;
  }
  const stepId = (journey.steps as Array<{ stepId: string }>)[0]!.stepId;

  const complaint = ok(
    await postForm(server, a.domain, victim, '/api/customer/complaints', [
      { name: 'category', value: 'Damaged product' },
      { name: 'priority', value: 'Urgent' },
      { name: 'description', value: `Broken seal ${marker} complaint` },
      { name: 'unitId', value: unitId },
      { name: 'attachments', filename: 'photo.png', type: 'image/png', bytes: fixtures.png() },
    ]),
    'complaint',
  );
  ok(await api('POST', `/api/customer/complaints/${complaint.ticketId}/messages`, { body: { body: `Reply ${marker} thread` } }), 'reply');
  const fileId = String(complaint.attachments[0].url).split('/').pop()!.split('?')[0]!;

  ok(
    await postForm(server, a.domain, victim, '/api/customer/warranties', [
      { name: 'unitId', value: batch.units[0]!.overt.pairId! },
      { name: 'purchaseDate', value: '2025-02-01' },
      { name: 'invoice', filename: 'bill.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]),
    'warranty',
  );
  ok(await api('POST', '/api/customer/feedback', { body: { rating: 4, comment: `Feedback ${marker} text`, unitId } }), 'feedback');
  ok(await postForm(server, a.domain, victim, '/api/report', [{ name: 'description', value: `Report ${marker} text` }]), 'report');
  // A claim the victim disputes (a unit of its own batch, claimed by someone else first).
  const disputed = (await createTestBatch(a, { units: 1 })).units[0]!;
  await claimUnit(a.id, (await signedInCustomer(a.id)).customerId, disputed.covert.pairId!);
  ok(await api('GET', `/api/verify/covert-post/${disputed.covert.qrId}`), 'check of a claimed hidden code');
  const dispute = ok(
    await postForm(server, a.domain, victim, '/api/disputes', [
      { name: 'qrId', value: disputed.covert.qrId },
      { name: 'purchase', value: `Bought ${marker} shop` },
      { name: 'photo', filename: 'pack.png', type: 'image/png', bytes: fixtures.png() },
    ]),
    'dispute',
  );
  const docs = ok(await api('GET', '/api/legal/documents/current'), 'documents').documents as Array<{ documentId: string; documentType: string; version: number }>;
  ok(
    await api('POST', '/api/legal/acknowledge-legal-policies', {
      body: { policies: docs.map((d) => ({ userIdType: 'customer', userId: victim.customerId, documentId: d.documentId, documentType: d.documentType, version: d.version })) },
    }),
    'acknowledgements',
  );
  ok(await api('POST', '/api/customer/cookie-consent'), 'cookie consent');

  const db = await getDb();
  const [email] = await db.execute(sql`select email from customers where id = ${victim.customerId}`).then((r) => rowsOf(r));
  const [covert] = await db.select().from(codes).where(and(eq(codes.clientId, a.id), eq(codes.pairId, unitId), eq(codes.level, 7)));

  /** Ids of the victim's things, by the parameter or field name that carries them. */
  const ids: Record<string, string> = {
    unitId,
    productId,
    ticketId: complaint.ticketId,
    fileId,
    grantId,
    stepId,
    qrId: claimed!.overt.qrId,
    code: covert!.qrId,
    batchNumber: batch.batchNumber,
    documentId: docs[0]!.documentId,
    disputeId: dispute.disputeId,
    route: 'post',
    id: a.id,
  };
  /** What the victim's answers contain and nobody else's may. */
  const secrets = [marker, victim.customerId, String((email as { email: string }).email)];
  return { a, b, victim, ids, secrets, batch };
}

export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const r = result as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** Every row that belongs to a customer (any table with a customer_id column), as text. */
export async function customerSnapshot(customerId: string): Promise<string> {
  const db = await getDb();
  const tables = rowsOf(
    await db.execute(sql`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'customer_id' order by table_name`),
  ).map((r) => String(r.table_name));
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    if (t === 'rate_limits') continue;
    const rows = rowsOf(await db.execute(sql`select * from ${sql.identifier(t)} where customer_id = ${customerId}`));
    out[t] = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
  }
  out.customers = rowsOf(await db.execute(sql`select * from customers where id = ${customerId}`)).map((r) => JSON.stringify(r));
  return JSON.stringify(out);
}

let tableList: string[] | undefined;
/** Row counts of every table but the rate-limit bookkeeping, in one statement. */
export async function rowCounts(): Promise<Record<string, number>> {
  const db = await getDb();
  tableList ??= rowsOf(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  )
    .map((r) => String(r.table_name))
    .filter((t) => t !== 'rate_limits' && !t.startsWith('__') && !t.includes('migration'));
  const select = sql.join(
    tableList.map((t) => sql`(select count(*) from ${sql.identifier(t)})::int as ${sql.identifier(t)}`),
    sql`, `,
  );
  const [row] = rowsOf(await db.execute(sql`select ${select}`));
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

export async function freshCustomers(clientId: string, n: number): Promise<TestCustomer[]> {
  const out: TestCustomer[] = [];
  for (let i = 0; i < n; i++) out.push(await signedInCustomer(clientId));
  return out;
}
