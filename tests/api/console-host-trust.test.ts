import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { CONSOLE_ORIGIN, consoleCall, createStaff, signedInStaff } from '../support/console';
import { readOutbox } from '@/lib/messaging/outbox';
import { consoleHost, consoleOrigin } from '@/lib/edge/console-host';

// The console's host is never taken from the caller (issue 28, "smaller" findings): links in the
// mails are built from CONSOLE_HOST, whatever Host, port or scheme the request named; and an
// X-Forwarded-Host never selects the console, even with TRUST_PROXY set.

jest.setTimeout(60_000);
const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });

describe('the console host is the configured one', () => {
  it('builds the reset and invitation links from CONSOLE_HOST, not from a forged Host or scheme', async () => {
    const account = await createStaff({ totp: true });
    const forged = `www.${consoleHost()}:6666`;
    const res = await call(server, forged, 'POST', '/api/console/password-reset', {
      body: { email: account.email },
      headers: { origin: `http://${forged}`, 'x-csrf': '1', 'x-forwarded-proto': 'http' },
    });
    expect(res.status).toBe(200);
    const link = readOutbox().filter((e) => e.to === account.email).at(-1)?.link ?? '';
    expect(link.startsWith(`${consoleOrigin()}/reset/`)).toBe(true);
    expect(link).not.toContain('6666');
    expect(link).not.toContain('www.');

    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    const invitee = `invitee-${brand.slug}@staff.example`;
    const invited = await call(server, forged, 'POST', `/api/console/brands/${brand.slug}/staff/invitations`, {
      body: { email: invitee, role: 'support' },
      cookie: owner.cookie,
      headers: { origin: `http://${forged}`, 'x-csrf': owner.csrf },
    });
    expect(invited.status).toBe(201);
    expect(readOutbox().filter((e) => e.to === invitee).at(-1)?.link?.startsWith(`${consoleOrigin()}/invitation/`)).toBe(true);
  });

  it('never lets X-Forwarded-Host select the console through a brand\'s domain', async () => {
    const brand = await createTestBrand();
    const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
    // Through the brand's domain with a forged forwarded host: no console there.
    const viaBrand = await call(server, brand.domain, 'GET', '/api/console/me', { cookie: owner.cookie, headers: { 'x-forwarded-host': consoleHost() } });
    expect(viaBrand.status).toBe(404);
    const signIn = await call(server, brand.domain, 'POST', '/api/console/sign-in', {
      body: { email: owner.email, password: 'whatever' },
      headers: { 'x-forwarded-host': consoleHost(), origin: CONSOLE_ORIGIN(), 'x-csrf': '1' },
    });
    expect(signIn.status).toBe(404);
    // On the console host itself, a forwarded host naming a brand does not keep the console either.
    const mixed = await consoleCall(server, 'GET', '/api/console/me', { cookie: owner.cookie, headers: { 'x-forwarded-host': brand.domain } });
    expect(mixed.status).toBe(404);
    // And plainly on the console host it answers.
    expect((await owner.fetch('/api/console/me')).status).toBe(200);
  });
});
