import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from './client';
import { clientDomains } from './schema';
import { createBrand } from '@/lib/operator/brands';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { DEMO_HOSTS } from '@/lib/shared/host';
import { seedDemoLegalDocuments } from '@/lib/operator/legal-demo';
import { seedDemoCatalog } from '@/lib/operator/demo-catalog';
import { seedDemoAfterSales } from '@/lib/operator/aftersales-demo';

// The demo brand served on localhost and 127.0.0.1, created on first start. Later issues add
// its catalogue through seed steps registered in demoSeedSteps.

export const DEMO_SLUG = 'demo';

export const demoSeedSteps: Array<(clientId: string) => Promise<void>> = [];
demoSeedSteps.push(seedDemoLegalDocuments); // version 1 of the three legal documents
demoSeedSteps.push(seedDemoCatalog); // products, batches and codes in every state (DATA_DIR/demo-codes.json)
demoSeedSteps.push(seedDemoAfterSales); // ₹25 cashback and a scan journey on the demo serum

export async function seedDemo(): Promise<{ created: boolean }> {
  const db = await getDb();
  const [existing] = await db.select().from(clientDomains).where(eq(clientDomains.domain, DEMO_HOSTS[0]));
  if (existing) return { created: false };
  const brand = await createBrand({
    slug: DEMO_SLUG,
    name: 'Demo Brand',
    // localhost only: no brand may claim an IP literal (docs/console.md, "Domains"); the demo brand
    // is given 127.0.0.1 below, by the seed itself, as the README promises.
    domains: [DEMO_HOSTS[0]],
    config: {
      ui: { primaryColor: '#1f4fd8', secondaryColor: '#0d9488' },
      flags: {
        isWarrantyEnabled: true,
        isLoyalityProgramEnabled: true,
        isTrackingEnabled: true,
        isRedFlaggingEnabled: true,
        isComplaintManagementEnabled: true,
        isQrSerializationEnabled: true,
        isVTCodesEnabled: true,
      },
      otpServices: { isOtpServiceEnabled: true, isLoginOtpEnabled: true, isEmailServiceEnabled: true, isMobileNoServiceEnabled: true },
      footer: { text: 'Demo Brand: genuine products, verified.', links: [] },
      // GS1 Digital Link on (docs/gs1.md): the demo products have GTINs, the codes file shows each unit's GS1 URI.
      gs1: { enabled: true },
    },
  });
  await db.insert(clientDomains).values(DEMO_HOSTS.slice(1).map((domain) => ({ domain, clientId: brand.id })));
  forgetCachedClients();
  for (const step of demoSeedSteps) await step(brand.id);
  return { created: true };
}
