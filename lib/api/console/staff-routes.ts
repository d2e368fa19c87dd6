import 'server-only';
import { defineRoute } from '../define-route';
import {
  auditFilterChoicesSchema,
  auditPageSchema,
  auditExportQuerySchema,
  auditQuerySchema,
  cancelInvitationBodySchema,
  cancelledInvitationSchema,
  changeRoleBodySchema,
  consoleBrandParams,
  invitationResponseSchema,
  inviteStaffBodySchema,
  okSchema,
  revokedSchema,
  staffListSchema,
  staffMemberParams,
  staffMemberSchema,
  staffSessionParams,
  staffSessionsSchema,
  memberDisabledSchema,
  secondFactorResetSchema,
} from '@/lib/schemas/console';
import {
  cancelInvitation,
  changeStaffRole,
  listStaff,
  memberSessions,
  removeStaffMember,
  resetMemberSecondFactor,
  revokeMemberSessions,
  setMemberDisabled,
} from '@/lib/console/staff-admin';
import { AUDIT_EXPORT_HEADER, auditFilterChoices, exportAuditLog, listAuditLog } from '@/lib/console/audit-log';
import { csvAnswer, csvFiles } from './csv-answer';
import { sessionView } from './session-view';
import { inviteStaff } from '@/lib/console/staff';
import { consoleOrigin } from '@/lib/edge/console-host';
import { hitRateLimit } from '../rate-limit';

// The staff of a brand and its audit log (owner only; docs/console.md):
// /api/console/brands/{brand}/staff... and /api/console/brands/{brand}/audit.

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const INVITE_LIMIT = { limit: 50, windowSeconds: 3600, message: 'Too many invitations in an hour. Please try again later.' };

// GET /api/console/brands/{brand}/staff — members with role and last sign-in, open invitations (the staff page reads it, callRoute)
export const consoleStaffListRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/staff',
  tag: 'console-staff',
  access: { class: 'staff', area: 'staff', access: 'read' },
  params: consoleBrandParams,
  response: { description: 'The brand’s staff and open invitations', schema: staffListSchema },
  handle: async (_input, ctx) => {
    const { members, invitations } = await listStaff(ctx.scope);
    return {
      members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString(), lastSignInAt: iso(m.lastSignInAt), disabledAt: iso(m.disabledAt) })),
      invitations: invitations.map((i) => ({ ...i, invitedAt: i.invitedAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    };
  },
});

// GET /api/console/brands/{brand}/staff/{staffId}/sessions — a member's live sessions (the member's sessions page reads it, callRoute)
export const consoleMemberSessionsRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/staff/{staffId}/sessions',
  tag: 'console-staff',
  access: { class: 'staff', area: 'staff', access: 'read' },
  params: staffMemberParams,
  response: { description: 'Live sessions, newest first', schema: staffSessionsSchema },
  errors: { 404: 'No such member of this brand' },
  handle: async ({ params }, ctx) => ({ sessions: (await memberSessions(ctx.scope, params.staffId)).map((s) => sessionView(s)) }),
});

// GET /api/console/brands/{brand}/audit?action&actor&kind&from&to&sort&cursor&limit — the audit log, newest first by default, by pages
export const consoleAuditLogRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/audit',
  tag: 'console-audit',
  access: { class: 'staff', area: 'audit', access: 'read' },
  params: consoleBrandParams,
  query: auditQuerySchema,
  response: { description: 'A page of entries in the sort asked (newest first by default), the cursor of the next (null at the end) and how many entries match', schema: auditPageSchema },
  handle: ({ query }, ctx) => listAuditLog(ctx.scope, query),
});

// GET /api/console/brands/{brand}/audit/choices — the actions and actors to filter the log by (the audit page reads it, callRoute)
export const consoleAuditChoicesRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/audit/choices',
  tag: 'console-audit',
  access: { class: 'staff', area: 'audit', access: 'read' },
  params: consoleBrandParams,
  response: { description: "Every action and every actor in the brand's audit log, alphabetically", schema: auditFilterChoicesSchema },
  handle: (_input, ctx) => auditFilterChoices(ctx.scope),
});

export const consoleStaffRoutes = [
  // GET /api/console/brands/{brand}/staff — members with role and last sign-in, open invitations
  consoleStaffListRoute,

  // POST /api/console/brands/{brand}/staff/invitations/cancel { email } — the open invitation's link stops working
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/staff/invitations/cancel',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: consoleBrandParams,
    body: cancelInvitationBodySchema,
    response: { description: 'Cancelled: the link no longer works', schema: cancelledInvitationSchema },
    errors: { 404: 'No open invitation of that address to this brand' },
    fieldErrors: 'email',
    handle: async ({ body }, ctx) => {
      await cancelInvitation(ctx.scope, body.email);
      return { email: body.email, cancelled: true as const };
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
      const invitation = await inviteStaff(ctx.scope, body, consoleOrigin());
      return { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() };
    },
  }),

  // PATCH /api/console/brands/{brand}/staff/{staffId} { role } — another role (the last owner stays owner)
  defineRoute({
    method: 'patch',
    path: '/console/brands/{brand}/staff/{staffId}',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffMemberParams,
    body: changeRoleBodySchema,
    response: { description: 'The member with the new role', schema: staffMemberSchema },
    errors: { 404: 'No such member of this brand', 409: 'The last owner keeps the owner role' },
    handle: ({ params, body }, ctx) => changeStaffRole(ctx.scope, params.staffId, body.role),
  }),
  // DELETE /api/console/brands/{brand}/staff/{staffId} — off the brand's staff (never the last owner)
  defineRoute({
    method: 'delete',
    path: '/console/brands/{brand}/staff/{staffId}',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffMemberParams,
    response: { description: 'Removed', schema: okSchema },
    errors: { 404: 'No such member of this brand', 409: 'The last owner cannot be removed' },
    handle: async ({ params }, ctx) => {
      await removeStaffMember(ctx.scope, params.staffId);
      return { ok: true as const };
    },
  }),
  // POST /api/console/brands/{brand}/staff/{staffId}/disable — nothing of this brand is open to the member any more
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/staff/{staffId}/disable',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffMemberParams,
    response: { description: 'Disabled at this brand; sessions ended when no brand of theirs is left', schema: memberDisabledSchema },
    errors: { 404: 'No such member of this brand', 409: 'Not yourself, nor the last owner' },
    // The use case checks the role again (owner) and that it is not the caller.
    handle: ({ params }, ctx) => setMemberDisabled(ctx.scope, params.staffId, true),
  }),
  // POST /api/console/brands/{brand}/staff/{staffId}/enable — a disabled member back at this brand
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/staff/{staffId}/enable',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffMemberParams,
    response: { description: 'Enabled again at this brand', schema: memberDisabledSchema },
    errors: { 404: 'No such member of this brand' },
    handle: ({ params }, ctx) => setMemberDisabled(ctx.scope, params.staffId, false),
  }),
  // POST /api/console/brands/{brand}/staff/{staffId}/second-factor/reset — another member sets up an authenticator again
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/staff/{staffId}/second-factor/reset',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffMemberParams,
    response: { description: 'Authenticator and recovery codes removed; every session of theirs ended', schema: secondFactorResetSchema },
    errors: { 404: 'No such member of this brand', 409: 'Not your own second factor' },
    handle: ({ params }, ctx) => resetMemberSecondFactor(ctx.scope, params.staffId),
  }),
  // GET /api/console/brands/{brand}/staff/{staffId}/sessions — a member's live sessions
  consoleMemberSessionsRoute,
  // DELETE /api/console/brands/{brand}/staff/{staffId}/sessions — ends all of a member's sessions
  defineRoute({
    method: 'delete',
    path: '/console/brands/{brand}/staff/{staffId}/sessions',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffMemberParams,
    response: { description: 'How many sessions ended', schema: revokedSchema },
    errors: { 404: 'No such member of this brand' },
    handle: async ({ params }, ctx) => ({ revoked: await revokeMemberSessions(ctx.scope, params.staffId) }),
  }),
  // DELETE /api/console/brands/{brand}/staff/{staffId}/sessions/{sessionId} — ends one of a member's sessions
  defineRoute({
    method: 'delete',
    path: '/console/brands/{brand}/staff/{staffId}/sessions/{sessionId}',
    tag: 'console-staff',
    access: { class: 'staff', area: 'staff', access: 'write' },
    params: staffSessionParams,
    response: { description: 'Ended', schema: revokedSchema },
    errors: { 404: 'No such member, or no such live session of theirs' },
    handle: async ({ params }, ctx) => ({ revoked: await revokeMemberSessions(ctx.scope, params.staffId, params.sessionId) }),
  }),
  consoleAuditLogRoute,
  consoleAuditChoicesRoute,
  // GET /api/console/brands/{brand}/audit.csv?action&actor&kind&from&to&sort — every entry, streamed
  defineRoute({
    method: 'get',
    path: '/console/brands/{brand}/audit.csv',
    tag: 'console-audit',
    access: { class: 'staff', area: 'audit', access: 'read' },
    params: consoleBrandParams,
    query: auditExportQuerySchema,
    response: { description: 'Every entry the filters match, in the sort asked (newest first by default), as CSV (streamed a page at a time; the export is audited)', files: csvFiles },
    fieldErrors: 'A filter or sort not understood (fields: sort, action, actor, kind, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(AUDIT_EXPORT_HEADER, await exportAuditLog(ctx.scope, query)),
  }),
];
