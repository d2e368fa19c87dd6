import 'server-only';
import { defineRoute } from '../define-route';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  consoleMeSchema,
  consoleNextSchema,
  consoleSignInBodySchema,
  messageResponseSchema,
  okSchema,
  ownSessionParams,
  revokedSchema,
  staffSessionsSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  totpCodeBodySchema,
  totpEnrolmentSchema,
  totpConfirmedSchema,
  recoveryCodeBodySchema,
  recoverySignInSchema,
  recoveryCodesStatusSchema,
  recoveryCodesIssuedSchema,
} from '@/lib/schemas/console';
import {
  acceptInvitationAndSignIn,
  askPasswordReset,
  confirmEnrolment,
  finishPasswordReset,
  giveRecoveryCode,
  giveSecondFactor,
  regenerateRecoveryCodes,
  me,
  signIn,
  signOut,
  startEnrolment,
} from './sign-in';
import { ApiError } from '@/lib/errors';
import { liveSessionsOf, revokeOtherSessions, revokeOwnSession } from '@/lib/console/sessions';
import { sessionView } from './session-view';
import { remainingRecoveryCodes } from '@/lib/console/recovery-codes';

// The console's own endpoints (docs/console.md), answered on the console host only: signing in
// and out, the second factor, invitations and password resets. The areas' endpoints
// (/console/brands/{brand}/...) are in their own folders' routes.ts, listed in consoleApiRoutes
// (app.ts).

// GET /api/console/recovery-codes — how many of one's recovery codes are unused (the recovery codes page reads it, callRoute)
export const consoleRecoveryCodesStatusRoute = defineRoute({
  method: 'get',
  path: '/console/recovery-codes',
  tag: 'console',
  access: 'staff-session',
  response: { description: 'Unused recovery codes', schema: recoveryCodesStatusSchema },
  handle: async (_input, ctx) => ({ remaining: await remainingRecoveryCodes(ctx.staffId) }),
});

// GET /api/console/sessions — one's own live sessions (this one marked current) (the sessions page reads it, callRoute)
export const consoleOwnSessionsRoute = defineRoute({
  method: 'get',
  path: '/console/sessions',
  tag: 'console',
  access: 'staff-session',
  response: { description: 'Live sessions, newest first', schema: staffSessionsSchema },
  handle: async (_input, ctx) => ({ sessions: (await liveSessionsOf(ctx.staffId)).map((s) => sessionView(s, ctx.sessionId)) }),
});

// GET /api/console/me — the signed-in staff member and the brands they belong to
export const consoleMeRoute = defineRoute({
  method: 'get',
  path: '/console/me',
  tag: 'console',
  access: 'staff-session',
  response: { description: 'The staff member and their memberships', schema: consoleMeSchema },
  handle: (_input, ctx) => me(ctx),
});

export const consoleAuthRoutes = [
  // POST /api/console/sign-in { email, password } — the first factor; starts a session that needs the second
  defineRoute({
    method: 'post',
    path: '/console/sign-in',
    tag: 'console',
    access: 'console',
    body: consoleSignInBodySchema,
    response: { description: 'What comes next: the code (second-factor) or setting up the authenticator app (enrol)', schema: consoleNextSchema },
    errors: { 400: 'Incorrect e-mail or password', 429: 'Too many failed attempts' },
    handle: ({ body }, ctx) => signIn(ctx, body),
  }),
  // POST /api/console/second-factor { code } — the authenticator's code finishes the sign-in
  defineRoute({
    method: 'post',
    path: '/console/second-factor',
    tag: 'console',
    access: 'console',
    body: totpCodeBodySchema,
    response: { description: 'Signed in (done), or the authenticator still has to be set up (enrol)', schema: consoleNextSchema },
    errors: { 400: 'Wrong or reused code', 401: 'No session: sign in first', 429: 'Too many wrong codes' },
    handle: ({ body }, ctx) => giveSecondFactor(ctx, body.code),
  }),
  // POST /api/console/second-factor/recovery { recoveryCode } — a recovery code instead of the authenticator's code, once
  defineRoute({
    method: 'post',
    path: '/console/second-factor/recovery',
    tag: 'console',
    access: 'console',
    body: recoveryCodeBodySchema,
    response: { description: 'Signed in (done), and how many unused recovery codes are left', schema: recoverySignInSchema },
    errors: { 400: 'Wrong or already used recovery code', 401: 'No session: sign in first', 429: 'Too many wrong codes' },
    fieldErrors: 'recoveryCode',
    handle: ({ body }, ctx) => giveRecoveryCode(ctx, body.recoveryCode),
  }),
  // POST /api/console/totp/enrol — a new authenticator secret (QR code and text)
  defineRoute({
    method: 'post',
    path: '/console/totp/enrol',
    tag: 'console',
    access: 'console',
    response: { description: 'The secret to add to the authenticator app', schema: totpEnrolmentSchema },
    errors: { 401: 'No session: sign in first', 409: 'Already set up' },
    handle: (_input, ctx) => startEnrolment(ctx),
  }),
  // POST /api/console/totp/confirm { code } — the first code from the app confirms it
  defineRoute({
    method: 'post',
    path: '/console/totp/confirm',
    tag: 'console',
    access: 'console',
    body: totpCodeBodySchema,
    response: { description: 'Set up and signed in, with the ten recovery codes (shown this once)', schema: totpConfirmedSchema },
    errors: { 400: 'Wrong code, or no set-up under way', 401: 'No session: sign in first', 409: 'Already set up', 429: 'Too many wrong codes' },
    handle: ({ body }, ctx) => confirmEnrolment(ctx, body.code),
  }),
  // POST /api/console/sign-out — ends this browser's session
  defineRoute({
    method: 'post',
    path: '/console/sign-out',
    tag: 'console',
    access: 'console',
    response: { description: 'Signed out', schema: okSchema },
    handle: (_input, ctx) => signOut(ctx),
  }),
  consoleMeRoute,
  // POST /api/console/invitations/accept { token, name, password } — joins the brand; the second factor follows
  defineRoute({
    method: 'post',
    path: '/console/invitations/accept',
    tag: 'console',
    access: 'console',
    body: acceptInvitationBodySchema,
    response: { description: 'Joined; what comes next and the brand joined', schema: acceptInvitationResponseSchema },
    errors: { 400: 'Expired or used link, weak password, or the wrong password of an existing account', 429: 'Too many attempts' },
    handle: ({ body }, ctx) => acceptInvitationAndSignIn(ctx, body),
  }),
  // POST /api/console/password-reset { email } — a reset link by e-mail (the same answer for any address)
  defineRoute({
    method: 'post',
    path: '/console/password-reset',
    tag: 'console',
    access: 'console',
    body: passwordResetRequestBodySchema,
    response: { description: 'The same message whatever the address', schema: messageResponseSchema },
    errors: { 429: 'Too many requests' },
    handle: ({ body }, ctx) => askPasswordReset(ctx, body.email),
  }),
  // POST /api/console/password-reset/confirm { token, password } — sets the new password; every session ends
  defineRoute({
    method: 'post',
    path: '/console/password-reset/confirm',
    tag: 'console',
    access: 'console',
    body: passwordResetConfirmBodySchema,
    response: { description: 'Password changed; sign in again', schema: okSchema },
    errors: { 400: 'Expired or used link, or a weak password', 429: 'Too many attempts' },
    handle: ({ body }, ctx) => finishPasswordReset(ctx, body),
  }),

  // GET /api/console/recovery-codes — how many of one's recovery codes are unused
  consoleRecoveryCodesStatusRoute,
  // POST /api/console/recovery-codes — ten new recovery codes (shown once); the old ones stop working
  defineRoute({
    method: 'post',
    path: '/console/recovery-codes',
    tag: 'console',
    access: 'staff-session',
    response: { status: 201, description: 'The new codes, shown this once', schema: recoveryCodesIssuedSchema },
    handle: (_input, ctx) => regenerateRecoveryCodes(ctx),
  }),

  // GET /api/console/sessions — one's own live sessions (this one marked current)
  consoleOwnSessionsRoute,
  // DELETE /api/console/sessions/{sessionId} — signs one of one's own sessions out
  defineRoute({
    method: 'delete',
    path: '/console/sessions/{sessionId}',
    tag: 'console',
    access: 'staff-session',
    params: ownSessionParams,
    response: { description: 'Ended', schema: revokedSchema },
    errors: { 404: 'No such live session of yours' },
    handle: async ({ params }, ctx) => {
      if (!(await revokeOwnSession(ctx.staffId, params.sessionId))) throw new ApiError('not_found', 'No such live session of yours');
      return { revoked: 1 };
    },
  }),
  // POST /api/console/sessions/sign-out-others — signs out every session of one's own but this one
  defineRoute({
    method: 'post',
    path: '/console/sessions/sign-out-others',
    tag: 'console',
    access: 'staff-session',
    response: { description: 'How many sessions ended', schema: revokedSchema },
    handle: async (_input, ctx) => ({ revoked: await revokeOtherSessions(ctx.staffId, ctx.sessionId) }),
  }),
];
