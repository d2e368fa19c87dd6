import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { PORT, addJarCookies, apiCall, operator, operatorAt, ready, tag, type CookieJar } from './support';
import type { StaffRole } from '@/lib/domain/staff-roles';

// Helpers of the console's end-to-end tests (docs/console.md): staff invited through the command
// line (the operator socket), who accept the invitation and enrol an authenticator through the
// real screens, with codes computed from the secret the enrolment screen shows, as an
// authenticator app computes them.

export const CONSOLE_ORIGIN = `http://console.localhost:${PORT}`;
export const STAFF_PASSWORD = 'staff passphrase for tests';

export type E2EStaff = { email: string; password: string; secret: string; brand: string; role: StaffRole; lastStep: number; recoveryCodes: string[] };

const PERIOD = 30;
const totpOf = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
const stepOf = (ms: number) => Math.floor(ms / 1000 / PERIOD);

/**
 * A code the server takes now: of the current step or the next (the server accepts one step of
 * drift) and newer than the last one used, as each code is taken once. Waits for the next step
 * only when both were used.
 */
export async function nextCode(staff: E2EStaff): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = [stepOf(now), stepOf(now) + 1].find((s) => s > staff.lastStep);
    if (step !== undefined) {
      staff.lastStep = step;
      return totpOf(staff.secret).generate({ timestamp: step * PERIOD * 1000 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The link of an invitation made on the command line (it prints the link as it e-mails it), on the suite's server or the one of `dataDir`. */
export async function inviteByCommandLine(brand: string, email: string, role: StaffRole, dataDir?: string): Promise<string> {
  const args = { slug: brand, email, role };
  const result = (await (dataDir === undefined ? operator('invite-staff', args) : operatorAt(dataDir, 'invite-staff', args))) as { link: string };
  return result.link;
}

/** The link of the newest console e-mail (invitation or reset) to `to`, read from the outbox, waiting for it to arrive. */
export async function consoleLinkFor(to: string, kind: 'invitation' | 'reset'): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'outbox.jsonl');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(file)) return undefined;
        const lines = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; link?: string });
        link = lines.reverse().find((l) => l.to === to && l.link?.includes(`/${kind}/`))?.link;
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Accepts an invitation link as a new account and enrols an authenticator; lands on the brand's overview. */
export async function acceptAndEnrol(page: Page, link: string, who: { email: string; brand: string; role: StaffRole; name?: string }): Promise<E2EStaff> {
  await page.goto(link);
  await ready(page);
  await page.getByLabel('Your name').fill(who.name ?? `Staff ${who.role}`);
  await page.getByLabel('Choose a password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Join' }).click();
  await page.waitForURL(/\/enrol/);
  await ready(page);
  const shown = (await page.getByTestId('totp-secret').textContent({ timeout: 15_000 })) ?? '';
  const staff: E2EStaff = { email: who.email, password: STAFF_PASSWORD, secret: shown.replace(/\s+/g, ''), brand: who.brand, role: who.role, lastStep: 0, recoveryCodes: [] };
  await page.getByLabel('6-digit code').fill(await nextCode(staff));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  staff.recoveryCodes = await keepRecoveryCodes(page);
  await page.waitForURL(`${CONSOLE_ORIGIN}/${who.brand}/overview`);
  return staff;
}

/** The ten recovery codes shown once after an authenticator's set-up (focus on their heading), then Continue. */
export async function keepRecoveryCodes(page: Page): Promise<string[]> {
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  return codes;
}

/**
 * A staff member of `brand` with `role`, invited on the command line, signed in through the
 * invitation and enrolment screens: the page ends on /<brand>/overview of the console host.
 * tests/e2e/console-owner.spec.ts walks these screens; other specs use signInStaff.
 */
export async function joinThroughScreens(page: Page, { brand, role, email = `staff-${tag()}@example.com` }: { brand: string; role: StaffRole; email?: string }): Promise<E2EStaff> {
  const link = await inviteByCommandLine(brand, email, role);
  expect(link.startsWith(`${CONSOLE_ORIGIN}/invitation/`)).toBe(true);
  return acceptAndEnrol(page, link, { email, brand, role });
}

/**
 * A staff member of `brand` with `role`, invited on the command line, who joins and enrols an
 * authenticator through the console's API rather than the screens (the invitation's acceptance,
 * the authenticator's set-up and its first code, as those screens call them), with the console
 * session's cookies (`console_session`, `console_csrf`) set on the page's browser context: the
 * page ends on /<brand>/overview of the console host, ready. On the suite's server, or on another
 * one (tests/e2e/own-server.ts): its console `origin` and its `dataDir`.
 */
export async function signInStaff(
  page: Page,
  { brand, role, email = `staff-${tag()}@example.com`, origin = CONSOLE_ORIGIN, dataDir }: { brand: string; role: StaffRole; email?: string; origin?: string; dataDir?: string },
): Promise<E2EStaff> {
  const link = await inviteByCommandLine(brand, email, role, dataDir);
  expect(link.startsWith(`${origin}/invitation/`)).toBe(true);
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
  const jar: CookieJar = new Map();
  const headers = { 'x-csrf': '1' }; // the console class asks for the header; the proof comes with the second factor
  const joined = await apiCall(origin, 'POST', '/console/invitations/accept', { body: { token, name: `Staff ${role}`, password: STAFF_PASSWORD }, jar, headers });
  expect(joined.status, JSON.stringify(joined.json)).toBe(200);
  expect(joined.json).toEqual({ next: 'enrol', brand });
  const enrolment = await apiCall(origin, 'POST', '/console/totp/enrol', { jar, headers });
  expect(enrolment.status, JSON.stringify(enrolment.json)).toBe(200);
  const staff: E2EStaff = { email, password: STAFF_PASSWORD, secret: enrolment.json.secret, brand, role, lastStep: 0, recoveryCodes: [] };
  const confirmed = await apiCall(origin, 'POST', '/console/totp/confirm', { body: { code: await nextCode(staff) }, jar, headers });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  expect(confirmed.json.next).toBe('done');
  expect(confirmed.json.recoveryCodes).toHaveLength(10);
  staff.recoveryCodes = confirmed.json.recoveryCodes;
  await addJarCookies(page.context(), origin, jar);
  await page.goto(`${origin}/${brand}/overview`);
  await ready(page);
  expect(page.url()).toBe(`${origin}/${brand}/overview`);
  return staff;
}

/** Signs an enrolled staff member in again through /sign-in and /second-factor; lands on `from` (default: the brand list). */
export async function signInAgain(page: Page, staff: E2EStaff, from?: string): Promise<void> {
  await page.goto(`${CONSOLE_ORIGIN}/sign-in${from ? `?${new URLSearchParams({ from })}` : ''}`);
  await ready(page);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/second-factor/);
  await ready(page);
  await page.getByLabel('6-digit code').fill(await nextCode(staff));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${CONSOLE_ORIGIN}${from ?? '/'}`);
}
