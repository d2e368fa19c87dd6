import { eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { auditOf } from '../support/console-money';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { defaultClientConfig, storedClientConfigSchema, type StoredClientConfig } from '@/lib/schemas/client-config';

// A partial settings change touches only the fields it names, in every group of the brand's
// configuration: zod 4's `.partial()` fills in a field's default for a field left out, so a
// patch of one flag once set every other flag of the brand back to its default (fixed first for
// gs1 alone, now for every group by lib/schemas/client-config.ts groupPatch). Through both doors:
// the console's PATCH of its settings and the command line's set-config (setBrandConfig).

jest.setTimeout(60_000);
const server = apiServerForFile();

const base = (slug: string) => `/api/console/brands/${slug}`;

/** A configuration with every field of the patched groups away from its default. */
function storedNonDefault(): StoredClientConfig {
  const d = defaultClientConfig();
  const negate = <T extends Record<string, boolean>>(group: T) => Object.fromEntries(Object.entries(group).map(([k, v]) => [k, !v])) as T;
  return storedClientConfigSchema.parse({
    ...d,
    flags: negate(d.flags),
    otpServices: negate(d.otpServices),
    ui: {
      primaryColor: '#111111',
      secondaryColor: '#222222',
      gradientAngle: 45,
      backgroundColor: '#333333',
      clientFavIcon: 'https://cdn.example.com/fav.ico',
      clientLogo: 'https://cdn.example.com/logo.png',
      clientLogoBGColor: '#444444',
      isfooterIncluded: false,
      isEmbeddingRequired: true,
      embeddingURL: 'https://shop.example.com/app',
      embedding_App_Privacy_Policy_URL: 'https://shop.example.com/privacy',
      embedding_App_Terms_And_Conditions_URL: 'https://shop.example.com/terms',
    },
    verification: {
      requirePreSaleScan: true,
      printedOvertRoute: 'overt',
      risk: {
        cautionSessions: 4, suspectSessions: 12, placeKm: 250, suspectPlaces: 5, windowDays: 60, maxSpeedKmh: 500, consumedSessions: 5,
        consumedLate: 'caution', consumedLateArrivals: 4, consumedLateDays: 7, afterSellBy: 'suspect', sellByDays: 10, covertBeforeSale: 'off',
        neverIssuedHere: 'caution', destinationSessions: 6, autoBlacklist: true, retentionDays: 200,
      },
    },
    locale: { languages: ['hi', 'ta'], defaultLanguage: 'ta', timeZone: 'Asia/Dubai' },
    gs1: { enabled: true, printedLinks: 'gs1', recallStatusUrl: 'https://brand.example.com/recalls', signUris: true },
  });
}

/** Each group's patch of one field, and the stored configuration it should leave. */
const patches: Array<[string, Record<string, unknown>, (c: StoredClientConfig) => void]> = [
  ['flags', { flags: { isWarrantyEnabled: false } }, (c) => void (c.flags.isWarrantyEnabled = false)],
  ['ui', { ui: { primaryColor: '#555555' } }, (c) => void (c.ui.primaryColor = '#555555')],
  ['otpServices', { otpServices: { isOtpServiceEnabled: false } }, (c) => void (c.otpServices.isOtpServiceEnabled = false)],
  ['verification', { verification: { requirePreSaleScan: false } }, (c) => void (c.verification.requirePreSaleScan = false)],
  ['verification.risk', { verification: { risk: { placeKm: 300 } } }, (c) => void (c.verification.risk.placeKm = 300)],
  ['locale', { locale: { timeZone: 'Europe/London' } }, (c) => void (c.locale.timeZone = 'Europe/London')],
  ['gs1', { gs1: { printedLinks: 'qrId' } }, (c) => void (c.gs1.printedLinks = 'qrId')],
];

async function brandStoring(config: StoredClientConfig) {
  const brand = await createTestBrand();
  const db = await getDb();
  await db.update(clients).set({ config }).where(eq(clients.id, brand.id));
  const stored = async () => storedClientConfigSchema.parse((await db.select().from(clients).where(eq(clients.id, brand.id)))[0]!.config);
  return { brand, stored };
}

describe('a partial settings change', () => {
  it.each(patches)('of %s from the console changes the one field and keeps every other stored value', async (_group, patch, change) => {
    const { brand, stored } = await brandStoring(storedNonDefault());
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const res = await staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body: patch });
    expect(res.status).toBe(200);
    const expected = storedNonDefault();
    change(expected);
    expect(await stored()).toEqual(expected);
    expect(res.body.config).toEqual(expected);
  });

  it.each(patches)('of %s by the command line\'s set-config changes the one field and keeps every other stored value', async (_group, patch, change) => {
    const { brand, stored } = await brandStoring(storedNonDefault());
    const { setBrandConfig } = await import('@/lib/operator/brands');
    await setBrandConfig({ slug: brand.slug, config: patch });
    const expected = storedNonDefault();
    change(expected);
    expect(await stored()).toEqual(expected);
  });

  it('refuses a bad value in any group with 422 naming the field, writing and auditing nothing', async () => {
    const { brand, stored } = await brandStoring(storedNonDefault());
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    for (const [body, field] of [
      [{ flags: { isWarrantyEnabled: 'yes' } }, 'flags.isWarrantyEnabled'],
      [{ ui: { gradientAngle: 400 } }, 'ui.gradientAngle'],
      [{ otpServices: { isLoginOtpEnabled: 1 } }, 'otpServices.isLoginOtpEnabled'],
      [{ verification: { printedOvertRoute: 'covert' } }, 'verification.printedOvertRoute'],
      [{ verification: { risk: { cautionSessions: 0 } } }, 'verification.risk.cautionSessions'],
      // checked against the stored values: cautionSessions is 4, the languages hi and ta
      [{ verification: { risk: { suspectSessions: 3 } } }, 'verification.risk.suspectSessions'],
      [{ locale: { defaultLanguage: 'en' } }, 'locale.defaultLanguage'],
      [{ locale: { timeZone: 'Mars/Olympus' } }, 'locale.timeZone'],
      [{ gs1: { printedLinks: 'both' } }, 'gs1.printedLinks'],
      [{ flags: { isWarrantyEnabled: false }, gs1: { recallStatusUrl: 'javascript:alert(1)' } }, 'gs1.recallStatusUrl'],
    ] as const) {
      const res = await staff.fetch(`${base(brand.slug)}/settings`, { method: 'PATCH', body });
      expect([JSON.stringify(body), res.status, res.body.field]).toEqual([JSON.stringify(body), 422, field]);
      expect(res.body.errorMessage).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    }
    expect(await stored()).toEqual(storedNonDefault());
    expect(await auditOf(brand.id, 'settings.update')).toHaveLength(0);
  });
});
