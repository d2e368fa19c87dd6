import { and, eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { claimUnit, signedInCustomer } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { auditLog, codes } from '@/lib/db/schema';
import { codeRunsSettled } from '@/lib/console/code-runs';
import { formatAuthCode } from '@/lib/domain/auth-code';
import { STAFF_ROLES, type StaffRole } from '@/lib/domain/staff-roles';
import { runOperatorCommand } from '@/lib/operator/commands';
import { onSecurityEventLine } from '@/lib/auth/security-events';

// Secrets by role (docs/console.md "Secrets by role", issue 28 finding 4): the hidden codes and the
// authentication codes leave the console only for the roles that print (owner, manager): the
// downloads, the code lists and a code's page. Every download is audited as codes.export with its
// scope. Who claimed a unit is shown only to the roles that read claims.

jest.setTimeout(90_000);
const server = apiServerForFile();
const P = (slug: string) => `/api/console/brands/${slug}`;

async function brandWithCodes() {
  const brand = await createTestBrand();
  const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
  const product = (await owner.fetch(`${P(brand.slug)}/catalogue/products`, { method: 'POST', body: { name: 'Serum', description: 'Daily', warrantyMonths: 12 } })).body;
  const batch = (await owner.fetch(`${P(brand.slug)}/catalogue/batches`, { method: 'POST', body: { productId: product.id, batchNumber: 'S-1', mfgDate: '2026-01-01', expiryDate: '2028-01-01', markets: ['IN'] } })).body;
  await owner.fetch(`${P(brand.slug)}/catalogue/batches/${batch.id}/code-runs`, { method: 'POST', body: { count: 2 } });
  await codeRunsSettled();
  const rows = await (await getDb()).select().from(codes).where(eq(codes.clientId, brand.id));
  const covert = rows.find((r) => r.level === 7)!;
  const overt = rows.find((r) => r.level === 6 && r.pairId === covert.pairId)!;
  const customer = await signedInCustomer(brand.id);
  await claimUnit(brand.id, customer.customerId, covert.pairId!);
  const staff = {} as Record<StaffRole, SignedInStaff>;
  for (const role of STAFF_ROLES) staff[role] = role === 'owner' ? owner : await signedInStaff(server, { clientId: brand.id, role });
  return { brand, batch, covert, overt, customer, staff };
}

const exportsOf = async (clientId: string) =>
  (await (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, 'codes.export')))).map((a) => ({ actor: a.actor, target: a.target, after: a.after }));

describe('secrets by role', () => {
  it('lets only the roles that print download the codes, and audits each download with its scope', async () => {
    const { brand, batch, covert, staff } = await brandWithCodes();
    const lines: string[] = [];
    const stop = onSecurityEventLine((l) => lines.push(l));
    for (const role of STAFF_ROLES) {
      const csv = await staff[role].fetch(`${P(brand.slug)}/catalogue/batches/${batch.id}/codes.csv`);
      const pdf = await staff[role].fetch(`${P(brand.slug)}/catalogue/batches/${batch.id}/codes.pdf?levels=6`);
      const prints = role === 'owner' || role === 'manager';
      expect([role, csv.status, pdf.status]).toEqual([role, prints ? 200 : 403, prints ? 200 : 403]);
      if (prints) expect(csv.text).toContain(covert.qrId);
      else expect(JSON.stringify(csv.body)).not.toContain(covert.qrId);
    }
    expect(await exportsOf(brand.id)).toEqual(
      expect.arrayContaining([
        { actor: staff.owner.email, target: 'S-1', after: { format: 'csv', levels: 'all', codes: 4 } },
        { actor: staff.owner.email, target: 'S-1', after: { format: 'pdf', levels: [6], codes: 2 } },
        { actor: staff.manager.email, target: 'S-1', after: { format: 'csv', levels: 'all', codes: 4 } },
        { actor: staff.manager.email, target: 'S-1', after: { format: 'pdf', levels: [6], codes: 2 } },
      ]),
    );
    expect(await exportsOf(brand.id)).toHaveLength(4);
    // Each download is a security event, and each refusal too.
    stop();
    const events = lines.map((l) => JSON.parse(l) as { event: string; action?: string; actor: string; status?: number });
    expect(events.filter((e) => e.event === 'export').map((e) => [e.action, e.actor])).toEqual([
      ['codes.export', `staff:${staff.owner.staffId}`],
      ['codes.export', `staff:${staff.owner.staffId}`],
      ['codes.export', `staff:${staff.manager.staffId}`],
      ['codes.export', `staff:${staff.manager.staffId}`],
    ]);
    expect(events.filter((e) => e.event === 'access.refused').map((e) => e.status)).toEqual([403, 403, 403, 403, 403, 403]);
    // The command line's export is audited too.
    await runOperatorCommand('export-codes', { slug: brand.slug, batch: 'S-1' });
    expect((await exportsOf(brand.id)).filter((e) => e.actor === 'command line')).toEqual([{ actor: 'command line', target: 'S-1', after: { format: 'csv', levels: 'all', codes: 4 } }]);
  });

  it('shows hidden and authentication codes in lists and on a code\'s page only to the roles that print', async () => {
    const { brand, covert, staff } = await brandWithCodes();
    const auth = formatAuthCode(covert.authCode!);
    for (const role of ['owner', 'manager', 'support', 'analyst'] as const) {
      const prints = role === 'owner' || role === 'manager';
      const list = await staff[role].fetch(`${P(brand.slug)}/codes`);
      expect(list.status).toBe(200);
      const listed = list.body.codes.map((c: { qrId: string }) => c.qrId);
      expect([role, listed.includes(covert.qrId)]).toEqual([role, prints]);
      expect([role, JSON.stringify(list.body).includes(auth)]).toEqual([role, prints]);
      const batchList = await staff[role].fetch(`${P(brand.slug)}/codes?q=S-1`);
      expect([role, batchList.body.codes.some((c: { qrId: string }) => c.qrId === covert.qrId)]).toEqual([role, prints]);
      // Searching by the code itself finds it (they hold it already), without its authentication code.
      const byId = await staff[role].fetch(`${P(brand.slug)}/codes?q=${covert.qrId}`);
      expect(byId.body.codes.map((c: { qrId: string; authCode: string }) => [c.qrId, c.authCode])).toEqual([[covert.qrId, prints ? auth : '']]);
      const page = await staff[role].fetch(`${P(brand.slug)}/codes/${covert.qrId}`);
      expect([role, page.status, page.body.code.authCode]).toEqual([role, 200, prints ? auth : '']);
      expect([role, JSON.stringify(page.body).includes(auth)]).toEqual([role, prints]);
    }
  });

  it('shows who claimed a unit only to the roles that read claims, in the answer itself', async () => {
    const { brand, overt, customer, staff } = await brandWithCodes();
    for (const role of ['owner', 'manager', 'support', 'analyst'] as const) {
      const page = await staff[role].fetch(`${P(brand.slug)}/codes/${overt.qrId}`);
      const readsClaims = role !== 'manager';
      expect([role, page.body.claim.claimedAt]).toEqual([role, expect.any(String)]);
      expect([role, JSON.stringify(page.body).includes(customer.customerId)]).toEqual([role, readsClaims]);
    }
  });
});
