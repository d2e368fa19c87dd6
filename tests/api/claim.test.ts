import { eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestCustomers } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { claims, codes, scans } from '@/lib/db/schema';

// Exactly-once claims (DESIGN.md section 4): runs on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (there the 50 requests truly race on separate connections).

const server = apiServerForFile();
jest.setTimeout(30_000); // a loaded 2-core machine: the embedded database can be slow to start

describe('claiming a unit by a post-sale scan', () => {
  it('lets exactly one of 50 concurrent post-sale scans by 50 customers claim the unit', async () => {
    const brand = await createTestBrand();
    const batch = await createTestBatch(brand, { units: 2 });
    const unit = batch.units[0]!;
    const customers = await createTestCustomers(brand.id, 50);
    const db = await getDb();
    const codesBefore = await db.select().from(codes).where(eq(codes.clientId, brand.id));

    const answers = await Promise.all(
      customers.map((cu, i) =>
        call(server, brand.domain, 'GET', `/api/verify/covert-post/${unit.covert.qrId}`, {
          token: cu.token,
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        }),
      ),
    );

    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    const winners = answers.flatMap((a, i) => (a.body.result === 'Genuine Post Sale' ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.body.result === 'Product Cliamed')).toHaveLength(49);
    const winner = customers[winners[0]!]!;
    expect(answers[winners[0]!]!.body.claim.byYou).toBe(true);

    const rows = await db.select().from(claims).where(eq(claims.clientId, brand.id));
    expect(rows).toEqual([expect.objectContaining({ unitId: unit.covert.pairId, customerId: winner.customerId })]);
    // Nothing else changed: the codes are as they were, and each scan is recorded once.
    expect(await db.select().from(codes).where(eq(codes.clientId, brand.id))).toEqual(codesBefore);
    const recorded = await db.select().from(scans).where(eq(scans.clientId, brand.id));
    expect(recorded).toHaveLength(50);
    expect(recorded.filter((s) => s.result === 'Genuine Post Sale').map((s) => s.customerId)).toEqual([winner.customerId]);

    // The winner scanning again still owns it; the other unit is untouched.
    const again = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${unit.covert.qrId}`, { token: winner.token });
    expect(again.body.result).toBe('Genuine Post Sale');
    const other = await call(server, brand.domain, 'GET', `/api/verify/covert-post/${batch.units[1]!.covert.qrId}`, { token: customers[0]!.token });
    expect(other.body.result).toBe('Genuine Post Sale');
  }, 120_000);

  it('lets the same customer scanning twice at once own the unit, with one claim row', async () => {
    const brand = await createTestBrand();
    const batch = await createTestBatch(brand, { units: 1 });
    const [me] = await createTestCustomers(brand.id, 1);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(server, brand.domain, 'GET', `/api/verify/covert-post/${batch.units[0]!.covert.qrId}`, { token: me!.token })),
    );
    expect(answers.map((a) => a.body.result)).toEqual(['Genuine Post Sale', 'Genuine Post Sale', 'Genuine Post Sale']);
    const db = await getDb();
    expect(await db.select().from(claims).where(eq(claims.clientId, brand.id))).toHaveLength(1);
  }, 60_000);
});
