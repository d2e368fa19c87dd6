import { eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { auditOf } from '../support/console-money';
import { getDb } from '@/lib/db/client';
import { clients } from '@/lib/db/schema';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';

// The brand's messages to customers in the console's settings (docs/messages.md, docs/console.md):
// the SMS DLT template ids and WhatsApp, through the settings' PATCH as every group. Settings
// writers only; each field named when refused with nothing written; the WhatsApp secrets are
// write-only (read back, and audited, by their last 4 characters; blank keeps the saved one).

jest.setTimeout(60_000);
const server = apiServerForFile();
const settingsOf = (slug: string) => `/api/console/brands/${slug}/settings`;

const TOKEN = 'EAAJB-real-access-token-0123WXYZ';
const APP_SECRET = 'app-secret-0123456789abcdSECR';
const VERIFY = 'verify-token-0123456789VRFY';
const whatsapp = { phoneNumberId: '106540352242922', version: '21.0', templates: { 'payout-completed': { hi: 'cashback_paid_hi', en: 'cashback_paid_en' } } };

async function brandWithStored() {
  const brand = await createTestBrand();
  const db = await getDb();
  const stored = async () => storedClientConfigSchema.parse((await db.select().from(clients).where(eq(clients.id, brand.id)))[0]!.config).messaging;
  return { brand, stored };
}

describe('the messaging settings in the console', () => {
  it('lets an owner and a manager set them; the analyst reads; support and finance are refused', async () => {
    const { brand, stored } = await brandWithStored();
    const body = { messaging: { smsDltTemplates: { 'complaint-reply': '1107160000000000001' } } };
    for (const role of ['support', 'finance', 'analyst'] as const) {
      const staff = await signedInStaff(server, { clientId: brand.id, role });
      expect((await staff.fetch(settingsOf(brand.slug), { method: 'PATCH', body })).status).toBe(403);
    }
    expect((await stored()).smsDltTemplates).toEqual({});
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(settingsOf(brand.slug))).status).toBe(200);
    for (const [role, id] of [['owner', '1107160000000000001'], ['manager', '1107160000000000002']] as const) {
      const staff = await signedInStaff(server, { clientId: brand.id, role });
      const res = await staff.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { smsDltTemplates: { 'complaint-reply': id } } } });
      expect(res.status).toBe(200);
      expect(res.body.config.messaging.smsDltTemplates).toEqual({ 'complaint-reply': id });
    }
    expect((await stored()).smsDltTemplates).toEqual({ 'complaint-reply': '1107160000000000002' });
    // another brand's staff cannot touch it
    const other = await createTestBrand();
    const stranger = await signedInStaff(server, { clientId: other.id, role: 'owner' });
    expect([403, 404]).toContain((await stranger.fetch(settingsOf(brand.slug), { method: 'PATCH', body })).status);
  });

  it('keeps the secrets write-only: masked when read and in the audit, blank or left out keeps them, the masked form is refused', async () => {
    const { brand, stored } = await brandWithStored();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const set = await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { whatsapp: { ...whatsapp, token: TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY } } } });
    expect(set.status).toBe(200);
    expect(set.body.config.messaging.whatsapp).toEqual({ ...whatsapp, token: '****************WXYZ', appSecret: '****************SECR', verifyToken: '****************VRFY' });
    expect((await owner.fetch(settingsOf(brand.slug))).body.config.messaging.whatsapp.token).toBe('****************WXYZ');
    expect((await stored()).whatsapp).toMatchObject({ token: TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY });

    // a change of a template with the secrets blank or left out keeps them
    const templates = { recall: { en: 'recall_notice_en' } };
    for (const secrets of [{}, { token: '', appSecret: '', verifyToken: '' }]) {
      const res = await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { whatsapp: { ...whatsapp, templates, ...secrets } } } });
      expect(res.status).toBe(200);
      expect(await stored()).toMatchObject({ whatsapp: { token: TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY, templates } });
    }
    // the masked form sent back is refused, not saved over the token
    const masked = await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { whatsapp: { ...whatsapp, token: '****************WXYZ' } } } });
    expect([masked.status, masked.body.field]).toEqual([422, 'messaging.whatsapp.token']);
    expect((await stored()).whatsapp?.token).toBe(TOKEN);
    // a new token replaces it
    const newToken = 'EAAJB-second-access-token-9876NEWT';
    expect((await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { whatsapp: { ...whatsapp, token: newToken } } } })).status).toBe(200);
    expect((await stored()).whatsapp?.token).toBe(newToken);

    // no secret in the audit log, only their last 4 characters
    const audit = await auditOf(brand.id, 'settings.update');
    expect(audit.length).toBe(4);
    const logged = JSON.stringify(audit.map((a) => [a.before, a.after]));
    for (const secret of [TOKEN, APP_SECRET, VERIFY, newToken]) expect(logged).not.toContain(secret);
    expect(logged).toContain('****************NEWT');
    expect(audit[0]!.target).toBe('messaging');
  });

  it('refuses bad values with 422 naming the field, writing and auditing nothing', async () => {
    const { brand, stored } = await brandWithStored();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    for (const [body, field] of [
      [{ messaging: { smsDltTemplates: { 'complaint-reply': '12345' } } }, 'messaging.smsDltTemplates.complaint-reply'],
      [{ messaging: { smsDltTemplates: { recall: '1107-1600-0000-0000' } } }, 'messaging.smsDltTemplates.recall'],
      // no token saved yet: it must be given
      [{ messaging: { whatsapp: { ...whatsapp } } }, 'messaging.whatsapp.token'],
      [{ messaging: { whatsapp: { ...whatsapp, token: 'short' } } }, 'messaging.whatsapp.token'],
      [{ messaging: { whatsapp: { ...whatsapp, token: TOKEN, phoneNumberId: '+91 98' } } }, 'messaging.whatsapp.phoneNumberId'],
      [{ messaging: { whatsapp: { ...whatsapp, token: TOKEN, version: 'latest' } } }, 'messaging.whatsapp.version'],
      [{ messaging: { whatsapp: { ...whatsapp, token: TOKEN, templates: { recall: { hi: 'Recall Notice' } } } } }, 'messaging.whatsapp.templates.recall.hi'],
      [{ messaging: { whatsapp: { ...whatsapp, token: TOKEN, appSecret: 'tiny' } } }, 'messaging.whatsapp.appSecret'],
    ] as const) {
      const res = await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body });
      expect([JSON.stringify(body), res.status, res.body.field]).toEqual([JSON.stringify(body), 422, field]);
      expect(res.body.errorMessage).toMatch(/^messaging\./);
    }
    const unknown = await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { smsDltTemplates: { 'no-such-kind': '1107160000000000001' } } } });
    expect([unknown.status, unknown.body.errorMessage]).toEqual([422, 'Unknown field: no-such-kind']);
    expect(await stored()).toEqual({ smsDltTemplates: {}, whatsapp: null });
    expect(await auditOf(brand.id, 'settings.update')).toHaveLength(0);
  });

  it('turns WhatsApp off with null and keeps the DLT ids', async () => {
    const { brand, stored } = await brandWithStored();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const dlt = { 'payout-completed': '1107160000000000009' };
    expect((await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { smsDltTemplates: dlt, whatsapp: { ...whatsapp, token: TOKEN } } } })).status).toBe(200);
    expect((await owner.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { messaging: { whatsapp: null } } })).status).toBe(200);
    expect(await stored()).toEqual({ smsDltTemplates: dlt, whatsapp: null });
  });
});
