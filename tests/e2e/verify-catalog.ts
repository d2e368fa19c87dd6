import type { Page } from '@playwright/test';
import { createBrand, operator, type Brand } from './support';

// A brand of its own with a small catalogue made through the operator endpoint, so the verify
// specs never share codes: four units packed in two cases on a pallet, an expired batch and a
// batch-level code.

export type Code = { qrId: string; level: 6 | 7 | 8 | 9; state: string; batch: string; unit: string; authCode: string; parentQrId: string; url: string };
export type Unit = { overt: Code; covert: Code };
export type Catalog = { brand: Brand; units: Unit[]; cases: Code[]; pallet: Code; expired: Unit; batchLevel: Code; batchNumber: string };

export const ALL_FLAGS = { isWarrantyEnabled: true, isTrackingEnabled: true, isRedFlaggingEnabled: true, isVTCodesEnabled: true, isQrSerializationEnabled: true };

export async function brandWithCatalog(flags: Record<string, boolean> = {}, name?: string): Promise<Catalog> {
  const brand = await createBrand({ flags: { ...ALL_FLAGS, ...flags } }, name);
  const { slug } = brand;
  const product = await operator('create-product', {
    slug,
    name: 'Test Serum 30 ml',
    description: 'A serum made for the verify tests.',
    warrantyMonths: 12,
    attributes: [{ name: 'Volume', value: '30 ml' }],
  });
  const batchNumber = `B-${slug.slice(-6).toUpperCase()}`;
  await operator('create-batch', { slug, product: product.id, batchNumber, mfgDate: '2025-01-15', expiryDate: '2099-12-31' });
  await operator('create-batch', { slug, product: product.id, batchNumber: 'OLD-1', mfgDate: '2020-01-01', expiryDate: '2021-01-31' });
  await operator('create-batch', { slug, product: product.id, batchNumber: 'LOT-1', mfgDate: '2025-03-01' });
  await operator('generate-codes', { slug, batch: batchNumber, count: 4, caseSize: 2, palletSize: 2 });
  await operator('generate-codes', { slug, batch: 'OLD-1', count: 1 });
  await operator('generate-codes', { slug, batch: 'LOT-1', count: 1, batchLevel: true });
  const codes = (await operator('list-codes', { slug })) as Code[];
  const unitsOf = (batch: string): Unit[] => {
    const overts = codes.filter((c) => c.batch === batch && c.level === 6 && c.unit);
    return overts.map((overt) => ({ overt, covert: codes.find((c) => c.unit === overt.unit && c.level === 7)! }));
  };
  return {
    brand,
    units: unitsOf(batchNumber),
    cases: codes.filter((c) => c.level === 8),
    pallet: codes.find((c) => c.level === 9)!,
    expired: unitsOf('OLD-1')[0]!,
    batchLevel: codes.find((c) => c.batch === 'LOT-1')!,
    batchNumber,
  };
}

/** Accepts the legal banners (cookie notice, updated policies) when they show: they cover the page's foot. */
export async function acceptBanners(page: Page) {
  for (const name of ['Stay Informed !!!', 'Cookie Notice']) {
    const accept = page.getByRole('region', { name }).getByRole('button', { name: 'Accept' });
    try {
      await accept.waitFor({ state: 'visible', timeout: 3000 });
      await accept.click();
      await accept.waitFor({ state: 'hidden' });
    } catch {
      /* not shown to this customer */
    }
  }
}
