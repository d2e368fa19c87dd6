import { eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { signedInStaff } from '../support/console';
import { accessToken, latestCode, noticeMessagesTo, sendOtp, signUpWithPassword, uniqueEmail, PASSWORD } from './auth-support';
import { getDb } from '@/lib/db/client';
import { clients, customers } from '@/lib/db/schema';

// A brand's languages set in the console's settings (the Languages section sends `locale`), and
// the security notices written in the owner's language (docs/languages.md).

jest.setTimeout(60_000);
const server = apiServerForFile();
const settingsOf = (slug: string) => `/api/console/brands/${slug}/settings`;

describe('the console\'s Languages section', () => {
  it('saves the offered languages, the default and the time zone; clone-info answers them at once', async () => {
    const brand = await createTestBrand();
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
    const res = await staff.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { locale: { languages: ['hi', 'en', 'ta'], defaultLanguage: 'hi', timeZone: 'Asia/Dubai' } } });
    expect(res.status).toBe(200);
    expect(res.body.config.locale).toEqual({ languages: ['hi', 'en', 'ta'], defaultLanguage: 'hi', timeZone: 'Asia/Dubai' });
    const info = await call(server, brand.domain, 'GET', '/api/client/clone-info');
    expect(info.body).toMatchObject({ languages: ['hi', 'en', 'ta'], defaultLanguage: 'hi', timeZone: 'Asia/Dubai' });
  });

  it('refuses a default that is not offered, an unknown or repeated language, none, and an unknown zone, naming the field, and changes nothing', async () => {
    const brand = await createTestBrand({ locale: { languages: ['en', 'hi'], defaultLanguage: 'en' } });
    const staff = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const db = await getDb();
    const stored = async () => (await db.select().from(clients).where(eq(clients.id, brand.id)))[0]!.config;
    const before = await stored();
    const cases: Array<[unknown, string, RegExp]> = [
      [{ languages: ['en', 'hi'], defaultLanguage: 'ta', timeZone: 'Asia/Kolkata' }, 'locale.defaultLanguage', /must be one of the offered languages/],
      [{ languages: ['ta'] }, 'locale.defaultLanguage', /must be one of the offered languages/], // the default stays English
      [{ languages: ['en', 'xx'] }, 'locale.languages.1', /must be one of en, hi, bn, mr, ta, te/],
      [{ languages: ['en', 'en'] }, 'locale.languages', /must not repeat a language/],
      [{ languages: [] }, 'locale.languages', /must offer at least one language/],
      [{ timeZone: 'India/Delhi' }, 'locale.timeZone', /must be an IANA time zone/],
      [{ currency: 'INR' }, 'currency', /currency/], // an unknown field is named as the other sections' are
    ];
    for (const [locale, field, message] of cases) {
      const res = await staff.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { locale } });
      expect([res.status, res.body.field]).toEqual([422, field]);
      expect(res.body.errorMessage).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('lets an analyst read the languages but not change them', async () => {
    const brand = await createTestBrand();
    const analyst = await signedInStaff(server, { clientId: brand.id, role: 'analyst' });
    expect((await analyst.fetch(settingsOf(brand.slug))).body.config.locale.defaultLanguage).toBe('en');
    expect((await analyst.fetch(settingsOf(brand.slug), { method: 'PATCH', body: { locale: { defaultLanguage: 'hi' } } })).status).toBe(403);
  });
});

describe('security notices', () => {
  const noticeTo = async (clientId: string, to: string) => (await noticeMessagesTo(clientId, to)).pop()!;

  it('are written in the language kept in the owner\'s profile, whatever the request asks for', async () => {
    const brand = await createTestBrand({ locale: { languages: ['en', 'hi', 'ta'], defaultLanguage: 'en' } });
    const email = uniqueEmail();
    const { cookie } = await signUpWithPassword(server, brand.domain, email);
    const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
    expect((await call(server, brand.domain, 'PUT', '/api/customer/language', { token, body: { language: 'hi' } })).status).toBe(200);

    // Someone in a Tamil browser tries to sign up with the owner's e-mail: the owner reads Hindi.
    const attempt = await call(server, brand.domain, 'POST', '/api/auth/customer/web/signup', { body: { channel: 'email', contact: email, password: PASSWORD, userName: 'X' }, headers: { 'accept-language': 'ta' } });
    expect(attempt.status).toBe(201);
    const notice = await noticeTo(brand.id, email);
    expect(notice).toMatchObject({ kind: 'signup-attempt', locale: 'hi', channel: 'email' });
    expect(notice.subject).toBe(`${brand.name}: किसी ने आपके संपर्क से खाता बनाने की कोशिश की`);

    // A password reset by code, asked for from an English browser: still Hindi.
    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    const reset = await call(server, brand.domain, 'POST', '/api/auth/customer/forgot-password/reset', {
      body: { channel: 'email', contact: email, otp: latestCode(brand.id, email, 'FORGOT PASSWORD'), password: PASSWORD },
      headers: { 'accept-language': 'en' },
    });
    expect(reset.status).toBe(200);
    expect(await noticeTo(brand.id, email)).toMatchObject({ kind: 'password-reset', locale: 'hi' });
  });

  it('are in the brand\'s default language for an owner who never chose one, or chose one the brand no longer offers', async () => {
    const brand = await createTestBrand({ locale: { languages: ['en', 'mr'], defaultLanguage: 'mr' } });
    const email = uniqueEmail();
    const { cookie, customerId } = await signUpWithPassword(server, brand.domain, email);
    const token = (await accessToken(server, brand.domain, cookie)).body.accessToken as string;
    const changed = await call(server, brand.domain, 'POST', '/api/auth/customer/change-password', { token, body: { currentPassword: PASSWORD, newPassword: `${PASSWORD}-2` }, headers: { 'accept-language': 'en' } });
    expect(changed.status).toBe(200);
    expect(await noticeTo(brand.id, email)).toMatchObject({ kind: 'password-changed', locale: 'mr' });

    const db = await getDb();
    await db.update(customers).set({ language: 'te' }).where(eq(customers.id, customerId));
    expect((await sendOtp(server, brand.domain, 'FORGOT PASSWORD', 'email', email)).status).toBe(200);
    const reset = await call(server, brand.domain, 'POST', '/api/auth/customer/forgot-password/reset', { body: { channel: 'email', contact: email, otp: latestCode(brand.id, email, 'FORGOT PASSWORD'), password: PASSWORD } });
    expect(reset.status).toBe(200);
    expect(await noticeTo(brand.id, email)).toMatchObject({ kind: 'password-reset', locale: 'mr' });
  });
});
