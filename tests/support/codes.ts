import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { createBatch, createBatchArgs, createProduct, createProductArgs } from '@/lib/operator/catalog';
import { generateCodes, generateCodesArgs } from '@/lib/operator/catalog-codes';

// Test-only: a product, a batch and codes for a test brand, through the operator functions.

export type CodeRow = typeof codes.$inferSelect;
export type TestBatch = {
  batchNumber: string;
  units: Array<{ overt: CodeRow; covert: CodeRow }>;
  batchLevel: CodeRow[];
  cases: CodeRow[];
  pallets: CodeRow[];
};

export async function createTestBatch(
  brand: { id: string; slug: string },
  opts: { units?: number; batchLevel?: number; caseSize?: number; palletSize?: number; expiryDate?: string; mfgDate?: string; warrantyMonths?: number } = {},
): Promise<TestBatch> {
  const product = await createProduct(
    createProductArgs.parse({ slug: brand.slug, name: 'Test Serum', description: 'A test product', warrantyMonths: opts.warrantyMonths ?? 12, attributes: 'Volume=30 ml' }),
  );
  const batchNumber = randomId('B', 8);
  const batch = await createBatch(
    createBatchArgs.parse({ slug: brand.slug, product: product.id, batchNumber, mfgDate: opts.mfgDate ?? '2025-01-01', expiryDate: opts.expiryDate }),
  );
  if (opts.units ?? 1) {
    await generateCodes(generateCodesArgs.parse({ slug: brand.slug, batch: batchNumber, count: opts.units ?? 1, caseSize: opts.caseSize, palletSize: opts.palletSize }));
  }
  if (opts.batchLevel) await generateCodes(generateCodesArgs.parse({ slug: brand.slug, batch: batchNumber, count: opts.batchLevel, batchLevel: true }));
  const db = await getDb();
  const rows = await db.select().from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.batchId, batch.id)));
  const pairIds = [...new Set(rows.filter((r) => r.pairId).map((r) => r.pairId!))];
  return {
    batchNumber,
    units: pairIds.map((p) => ({ overt: rows.find((r) => r.pairId === p && r.level === 6)!, covert: rows.find((r) => r.pairId === p && r.level === 7)! })),
    batchLevel: rows.filter((r) => r.isBatchLevel),
    cases: rows.filter((r) => r.level === 8),
    pallets: rows.filter((r) => r.level === 9),
  };
}
