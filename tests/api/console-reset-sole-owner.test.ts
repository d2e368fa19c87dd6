import { and, eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { consoleCall, createStaff, PASSWORD, sessionFor } from '../support/console';
import { op } from '../support/aftersales';
import { getDb } from '@/lib/db/client';
import { auditLog, staff, staffMemberships, staffRecoveryCodes } from '@/lib/db/schema';
import { onSecurityEventLine } from '@/lib/auth/security-events';
import { ANOTHER_OWNER, NOT_AN_OWNER, OPERATOR_ONLY, OWNER_DISABLED, resetSoleOwnerSecondFactor } from '@/lib/console/staff-admin';
import { operatorCommands } from '@/lib/operator/commands';

// The operator's reset of a brand's sole owner's second factor (`npm run brand -- reset-2fa`;
// docs/security.md "Resetting a sole owner's second factor"): for an only owner who lost both the
// authenticator and the recovery codes. The same reset as an owner's in the console (authenticator
// and codes gone, every session ended, set up again at the next sign-in), audited as the command
// line's; refused for anyone but the brand's one enabled owner, and from anywhere but the command line.

jest.setTimeout(60_000);
const server = apiServerForFile();

const auditOf = async (clientId: string, action: string) =>
  (await getDb()).select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, action)));
const secondFactorOf = async (staffId: string) => {
  const db = await getDb();
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  const codes = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  return { totp: row?.totpEnabledAt !== null && row?.totpSecret !== null, recoveryCodes: codes.length };
};

async function soleOwner() {
  const brand = await createTestBrand();
  const other = await createTestBrand();
  const account = await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }, { clientId: other.id, role: 'support' }], totp: true });
  const session = await sessionFor(server, account);
  expect((await session.fetch('/api/console/recovery-codes', { method: 'POST' })).status).toBe(201);
  expect(await secondFactorOf(account.staffId)).toEqual({ totp: true, recoveryCodes: 10 });
  return { brand, other, account, session };
}

describe('npm run brand -- reset-2fa', () => {
  it('removes the sole owner\'s authenticator and recovery codes and ends their sessions, audited as the command line\'s; they set it up again at the next sign-in', async () => {
    const { brand, other, account, session } = await soleOwner();
    const lines: string[] = [];
    const stop = onSecurityEventLine((l) => lines.push(l));
    const result = await op('reset-2fa', { slug: brand.slug, email: `  ${account.email.toUpperCase()} ` });
    stop();
    expect(result).toMatchObject({ brand: brand.slug, email: account.email, sessionsEnded: 1 });

    expect(await secondFactorOf(account.staffId)).toEqual({ totp: false, recoveryCodes: 0 });
    expect((await session.fetch('/api/console/me')).status).toBe(401);
    const signIn = await consoleCall(server, 'POST', '/api/console/sign-in', { body: { email: account.email, password: PASSWORD } });
    expect([signIn.status, signIn.body]).toEqual([200, { next: 'enrol' }]);

    const [entry] = await auditOf(brand.id, 'staff.totp.reset');
    expect([entry?.actor, entry?.staffId, entry?.target, entry?.after]).toEqual(['command line', null, account.email, { sessionsEnded: 1, soleOwner: true }]);
    expect(lines.map((l) => JSON.parse(l)).map((e) => [e.event, e.actor, e.action])).toContainEqual(['session.revoked', 'command line', 'staff.totp.reset']);
    const atOther = await auditOf(other.id, 'security.session.revoked');
    expect(atOther.map((e) => [e.target, JSON.stringify(e.after ?? e.before)])).toEqual([[account.email, expect.stringContaining('by the operator')]]);
  });

  it('is listed among the operator commands with its options', () => {
    expect(operatorCommands['reset-2fa']?.summary).toMatch(/--slug --email/);
  });

  it('refuses anyone but the brand\'s one enabled owner, naming the reason, and changes nothing', async () => {
    const { brand, account } = await soleOwner();
    const support = await createStaff({ memberships: [{ clientId: brand.id, role: 'support' }], totp: true });
    const disabledOwner = await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }], totp: true });
    const db = await getDb();
    await db.update(staffMemberships).set({ disabledAt: new Date() }).where(eq(staffMemberships.staffId, disabledOwner.staffId));
    const stranger = await createStaff({ memberships: [{ clientId: (await createTestBrand()).id, role: 'owner' }], totp: true });

    await expect(op('reset-2fa', { slug: 'no-such-brand', email: account.email })).rejects.toThrow('No brand with slug no-such-brand');
    await expect(op('reset-2fa', { slug: brand.slug, email: 'not-an-address' })).rejects.toThrow(/e-mail address/);
    await expect(op('reset-2fa', { slug: brand.slug })).rejects.toThrow();
    await expect(op('reset-2fa', { slug: brand.slug, email: account.email, force: true })).rejects.toThrow();
    await expect(op('reset-2fa', { slug: brand.slug, email: stranger.email })).rejects.toMatchObject({ code: 'not_found', field: 'email' });
    await expect(op('reset-2fa', { slug: brand.slug, email: support.email })).rejects.toMatchObject({ code: 'conflict', field: 'email', message: `email: ${NOT_AN_OWNER}` });
    await expect(op('reset-2fa', { slug: brand.slug, email: disabledOwner.email })).rejects.toMatchObject({ code: 'conflict', message: `email: ${OWNER_DISABLED}` });

    // a second enabled owner: they reset it in the console instead
    await createStaff({ memberships: [{ clientId: brand.id, role: 'owner' }], totp: true });
    await expect(op('reset-2fa', { slug: brand.slug, email: account.email })).rejects.toMatchObject({ code: 'conflict', message: `email: ${ANOTHER_OWNER}` });

    // not through the console: a staff actor, even an owner, is refused by the use case itself
    const ownerScope = { clientId: brand.id, slug: brand.slug, actor: { kind: 'staff' as const, staffId: account.staffId, email: account.email, role: 'owner' as const } };
    await expect(resetSoleOwnerSecondFactor(ownerScope, support.email)).rejects.toMatchObject({ code: 'forbidden', message: OPERATOR_ONLY });

    for (const who of [account, support, disabledOwner, stranger]) expect((await secondFactorOf(who.staffId)).totp).toBe(true);
    expect(await secondFactorOf(account.staffId)).toEqual({ totp: true, recoveryCodes: 10 });
    expect(await auditOf(brand.id, 'staff.totp.reset')).toEqual([]);
  });
});
