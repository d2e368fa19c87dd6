import 'server-only';
import { defineRoute } from '../define-route';
import { consoleBrandParams, invitationResponseSchema, inviteStaffBodySchema, staffListSchema } from '@/lib/schemas/console';
import { listStaff } from '@/lib/console/staff-admin';
import { inviteStaff } from '@/lib/console/staff';
import { consoleOrigin } from '@/lib/edge/console-host';
import { hitRateLimit } from '../rate-limit';

// The staff of a brand (owner only; docs/console.md): /api/console/brands/{brand}/staff...

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const INVITE_LIMIT = { limit: 50, windowSeconds: 3600, message: 'Too many invitations in an hour. Please try again later.' };

export const consoleStaffRoutes = [
  // GET /api/console/brands/{brand}/staff — members with role and last sign-in, open invitations
  defineRoute({
    method: 'get',
    path: '/console/brands/{brand}/staff',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'read' },
    params: consoleBrandParams,
    response: { description: 'The brand’s staff and open invitations', schema: staffListSchema },
    handle: async (_input, ctx) => {
      const { members, invitations } = await listStaff(ctx.scope);
      return {
        members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString(), lastSignInAt: iso(m.lastSignInAt) })),
        invitations: invitations.map((i) => ({ ...i, invitedAt: i.invitedAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
      };
    },
  }),

  // POST /api/console/brands/{brand}/staff/invitations { email, role } — invites by e-mail (again: a new link, the old one ends)
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/staff/invitations',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: consoleBrandParams,
    body: inviteStaffBodySchema,
    response: { status: 201, description: 'Invited; the e-mail with the link is on its way', schema: invitationResponseSchema },
    errors: { 409: 'Already on the brand’s staff', 429: 'Too many invitations' },
    fieldErrors: 'email or role',
    handle: async ({ body }, ctx) => {
      await hitRateLimit(`console-invite:${ctx.clientId}`, INVITE_LIMIT);
      const invitation = await inviteStaff(ctx.scope, body, consoleOrigin(ctx));
      return { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() };
    },
  }),
];
