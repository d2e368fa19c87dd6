import { and, eq } from 'drizzle-orm';
import { apiServerForFile, createTestBrand } from '../support/api-server';
import { consoleCall, signedInStaff } from '../support/console';
import { readOutbox } from '@/lib/messaging/outbox';
import { getDb } from '@/lib/db/client';
import { auditLog, staffMemberships } from '@/lib/db/schema';
import { onSecurityEventLine } from '@/lib/auth/security-events';

// Cancelling an invitation (issue 28): an owner ends an open invitation from the Staff screen; its
// link stops working at once, the change is audited and is a security event. Another brand's owner,
// a manager, and an address with no open invitation are refused.

jest.setTimeout(60_000);
const server = apiServerForFile();

it('cancels an open invitation: the link stops working, audited and logged', async () => {
  const brand = await createTestBrand();
  const owner = await signedInStaff(server, { clientId: brand.id, role: 'owner' });
  const base = `/api/console/brands/${brand.slug}/staff`;
  const email = `cancel-${brand.slug}@staff.example`;
  expect((await owner.fetch(`${base}/invitations`, { method: 'POST', body: { email, role: 'support' } })).status).toBe(201);
  const link = readOutbox().filter((e) => e.to === email).at(-1)!.link!;
  const token = link.slice(link.lastIndexOf('/') + 1);

  const manager = await signedInStaff(server, { clientId: brand.id, role: 'manager' });
  expect((await manager.fetch(`${base}/invitations/cancel`, { method: 'POST', body: { email } })).status).toBe(403);
  const stranger = await signedInStaff(server, { clientId: (await createTestBrand()).id, role: 'owner' });
  expect((await stranger.fetch(`${base}/invitations/cancel`, { method: 'POST', body: { email } })).status).toBe(404);
  const bad = await owner.fetch(`${base}/invitations/cancel`, { method: 'POST', body: { email: 'not an address' } });
  expect([bad.status, bad.body.field]).toEqual([422, 'email']);

  const lines: string[] = [];
  const stop = onSecurityEventLine((l) => lines.push(l));
  const res = await owner.fetch(`${base}/invitations/cancel`, { method: 'POST', body: { email } });
  stop();
  expect([res.status, res.body]).toEqual([200, { email, cancelled: true }]);
  expect(lines.map((l) => JSON.parse(l)).map((e) => [e.event, e.action])).toEqual([['session.revoked', 'staff.invitation.cancel']]);
  expect((await owner.fetch(base)).body.invitations).toEqual([]);
  const again = await owner.fetch(`${base}/invitations/cancel`, { method: 'POST', body: { email } });
  expect([again.status, again.body.field]).toEqual([404, 'email']);

  const accept = await consoleCall(server, 'POST', '/api/console/invitations/accept', { body: { token, name: 'Late', password: 'a long enough passphrase 9' } });
  expect(accept.status).toBe(400);
  const db = await getDb();
  expect(await db.select().from(staffMemberships).where(eq(staffMemberships.clientId, brand.id))).toHaveLength(2);
  const audit = await db.select().from(auditLog).where(and(eq(auditLog.clientId, brand.id), eq(auditLog.action, 'staff.invitation.cancel')));
  expect(audit.map((a) => [a.actor, a.target, a.before])).toEqual([[owner.email, email, { role: 'support' }]]);
});
