import 'server-only';
import { logSecurityEvent, staffSecurityEvent } from '@/lib/auth/security-events';
import type { z } from 'zod';
import QRCode from 'qrcode';
import { and, eq, isNull } from 'drizzle-orm';
import { ApiError, fieldError } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { staff } from '@/lib/db/schema';
import { hashPassword, needsRehash, verifyPassword } from '@/lib/auth/password';
import { acceptTotp, newTotpSecret, openTotpSecret, sealTotpSecret, totpUri } from '@/lib/auth/totp';
import { createStaffSession, liveStaffSession, markSecondFactor, revokeStaffSession, signedInFrom, type LiveStaffSession } from '@/lib/console/sessions';
import { ACCOUNT_DISABLED, acceptInvitation, confirmPasswordReset, disabledEverywhere, findStaffByEmail, findStaffById, membershipsOf, normalEmail, requestPasswordReset } from '@/lib/console/staff';
import { remainingRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from '@/lib/console/recovery-codes';
import { consoleOrigin } from '@/lib/edge/console-host';
import {
  PASSWORD_RESET_SENT,
  type acceptInvitationBodySchema,
  type acceptInvitationResponseSchema,
  type ConsoleMe,
  type ConsoleNext,
  type consoleSignInBodySchema,
  type passwordResetConfirmBodySchema,
  type totpEnrolmentSchema,
  type recoverySignInSchema,
  type totpConfirmedSchema,
} from '@/lib/schemas/console';
import { hitRateLimit, type RateLimit } from '../rate-limit';
import { reserveAttempt, type Attempt } from '../attempts';
import type { RequestContext, StaffSessionContext } from '../route-context';
import { clearStaffCookies, setStaffCookies, SIGN_IN_REQUIRED, staffSessionIdFrom } from './access';

// Signing in to the console (docs/console.md, "Signing in"): e-mail and password, then the second
// factor, a code of the authenticator app (TOTP), which an account enrols at its first sign-in.
// A wrong password and an unknown e-mail get the same answer after the same work; failures are
// limited per e-mail and per address as customers' passwords are (lib/api/auth/sign-in.ts); wrong
// codes per account. A code is taken once (staff.totp_last_step). Every guess (password, code,
// link) takes its place in its limits before it is checked (../attempts.ts), so guesses sent
// together cannot pass a limit; a right one gives its places back.

export const BAD_CREDENTIALS = 'Incorrect e-mail or password.';
export const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was already used.';

const TARGET_LIMIT: RateLimit = { limit: 10, windowSeconds: 900, message: 'Too many failed sign-in attempts. Please try again in 15 minutes or reset your password.' };
const IP_LIMIT: RateLimit = { limit: 50, windowSeconds: 900, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' };
const CODE_LIMIT: RateLimit = { limit: 10, windowSeconds: 900, message: 'Too many wrong codes. Please try again in 15 minutes.' };
const RESET_IP_LIMIT: RateLimit = { limit: 10, windowSeconds: 3600, message: 'Too many reset requests. Please try again later.' };
const RESET_IP_TARGET_LIMIT: RateLimit = { limit: 3, windowSeconds: 3600, message: 'Too many reset requests. Please try again later.' };
const RESET_TARGET_LIMIT: RateLimit = { limit: 10, windowSeconds: 3600, message: 'Too many reset requests. Please try again later.' };
const TOKEN_IP_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600, message: 'Too many attempts with links. Please try again later.' };

const nextOf = (enrolled: boolean): ConsoleNext => (enrolled ? 'second-factor' : 'enrol');

async function startSession(ctx: RequestContext, staffId: string): Promise<void> {
  // A session cookie the browser still holds is replaced: its session ends here.
  const previous = await staffSessionIdFrom(ctx);
  if (previous) await revokeStaffSession(previous);
  const sessionId = await createStaffSession(staffId, { address: ctx.address, userAgent: ctx.header('user-agent') });
  await setStaffCookies(ctx, sessionId);
}

/**
 * Reserves a guess at an account's password (sign-in, and accepting an invitation as an existing
 * account): per e-mail and per address, the same places whichever way it comes.
 */
export function reservePasswordGuess(email: string, address: string): Promise<Attempt> {
  return reserveAttempt([
    { key: `console-login-fail:target:${normalEmail(email)}`, window: TARGET_LIMIT },
    { key: `console-login-fail:ip:${address}`, window: IP_LIMIT },
  ]);
}

export async function signIn(ctx: RequestContext, body: z.output<typeof consoleSignInBodySchema>): Promise<{ next: ConsoleNext }> {
  const attempt = await reservePasswordGuess(body.email, ctx.address);
  const account = await findStaffByEmail(body.email);
  const ok = await verifyPassword(body.password, account?.passwordHash);
  if (!account || !ok || account.disabledAt) {
    const detail = { route: 'POST /api/console/sign-in', reason: !account ? 'unknown account' : account.disabledAt ? 'disabled account' : 'wrong password' };
    if (account) await staffSecurityEvent({ event: 'sign-in.failed', actor: { kind: 'anonymous' }, subjectStaffId: account.id, detail: { ...detail, staff: account.id } });
    else logSecurityEvent({ event: 'sign-in.failed', actor: { kind: 'anonymous' }, detail });
    throw new ApiError('bad_request', BAD_CREDENTIALS); // its places stay taken
  }
  await attempt.release(); // the password was right
  if (await disabledEverywhere(account.id)) {
    // Disabled by the owner of every brand it belongs to: a clear refusal, and no session.
    await staffSecurityEvent({ event: 'sign-in.failed', actor: { kind: 'anonymous' }, subjectStaffId: account.id, detail: { route: 'POST /api/console/sign-in', reason: 'disabled at every brand', staff: account.id } });
    throw new ApiError('forbidden', ACCOUNT_DISABLED);
  }
  if (needsRehash(account.passwordHash)) {
    const db = await getDb();
    await db
      .update(staff)
      .set({ passwordHash: await hashPassword(body.password) })
      .where(and(eq(staff.id, account.id), eq(staff.passwordHash, account.passwordHash!)));
  }
  await startSession(ctx, account.id);
  return { next: nextOf(account.totpEnabledAt !== null) };
}

/** The request's session that still has to give its second factor (401 without one). */
async function pendingSession(ctx: RequestContext): Promise<LiveStaffSession> {
  const sid = await staffSessionIdFrom(ctx);
  const session = sid ? await liveStaffSession(sid) : undefined;
  if (!session) throw new ApiError('unauthorized', SIGN_IN_REQUIRED);
  return session;
}

/** Reserves a guess at an account's second factor: authenticator codes and recovery codes share these places. */
const reserveSecondFactorGuess = (staffId: string): Promise<Attempt> => reserveAttempt([{ key: `console-totp-fail:${staffId}`, window: CODE_LIMIT }]);

/** Checks a code against the account's secret (enrolled, or pending when `pending`), counting failures. */
async function takeCode(staffId: string, code: string, pending: boolean): Promise<void> {
  const attempt = await reserveSecondFactorGuess(staffId);
  const account = await findStaffById(staffId);
  const secret = account && (pending ? !account.totpEnabledAt : !!account.totpEnabledAt) ? openTotpSecret(account.totpSecret) : undefined;
  if (!account || !secret) {
    await attempt.release(); // nothing was guessed at
    throw new ApiError('bad_request', pending ? 'Start setting up your authenticator app again.' : 'Set up your authenticator app first.');
  }
  const step = acceptTotp(secret, code, account.totpLastStep);
  // The step is stored only if no other request took a code of this step or a later one meanwhile.
  const db = await getDb();
  const taken =
    step !== null &&
    (
      await db
        .update(staff)
        .set({ totpLastStep: step, ...(pending ? { totpEnabledAt: new Date() } : {}), updatedAt: new Date() })
        .where(
          and(
            eq(staff.id, staffId),
            account.totpLastStep === null ? isNull(staff.totpLastStep) : eq(staff.totpLastStep, account.totpLastStep),
          ),
        )
        .returning({ id: staff.id })
    ).length === 1;
  if (!taken) {
    await staffSecurityEvent({ event: 'code.wrong', actor: { kind: 'staff', staffId }, detail: { route: pending ? 'POST /api/console/totp/confirm' : 'POST /api/console/second-factor', kind: 'totp' } });
    throw fieldError('bad_request', 'code', WRONG_CODE); // its place stays taken
  }
  await attempt.release();
}

/** POST /console/second-factor: the code of an enrolled account finishes the sign-in. */
export async function giveSecondFactor(ctx: RequestContext, code: string): Promise<{ next: ConsoleNext }> {
  const session = await pendingSession(ctx);
  if (session.secondFactor) return { next: 'done' };
  if (!session.totpEnrolled) return { next: 'enrol' };
  await takeCode(session.staffId, code, false);
  await markSecondFactor(session.sessionId);
  return { next: 'done' };
}

/**
 * POST /console/second-factor/recovery: one of the account's recovery codes instead of the
 * authenticator's code. The guess takes its place in the same limit as authenticator codes before
 * it is checked; a right code is spent once (a conditional update) and gives its place back.
 */
export async function giveRecoveryCode(ctx: RequestContext, typed: string): Promise<z.input<typeof recoverySignInSchema>> {
  const session = await pendingSession(ctx);
  if (session.secondFactor) return { next: 'done', remaining: await remainingRecoveryCodes(session.staffId) };
  if (!session.totpEnrolled) return { next: 'enrol', remaining: 0 };
  const attempt = await reserveSecondFactorGuess(session.staffId);
  const actor = { kind: 'staff', staffId: session.staffId } as const;
  const route = 'POST /api/console/second-factor/recovery';
  if (!(await spendRecoveryCode(session.staffId, typed))) {
    await staffSecurityEvent({ event: 'code.wrong', actor, detail: { route, kind: 'recovery' } });
    throw fieldError('bad_request', 'recoveryCode', WRONG_RECOVERY_CODE); // its place stays taken
  }
  await attempt.release();
  await markSecondFactor(session.sessionId);
  const remaining = await remainingRecoveryCodes(session.staffId);
  await staffSecurityEvent({ event: 'second-factor.changed', actor, detail: { route, what: 'recovery code used', remaining } });
  return { next: 'done', remaining };
}

/** POST /console/totp/enrol: a new secret for an account without an authenticator (replacing an unconfirmed one). */
export async function startEnrolment(ctx: RequestContext): Promise<z.input<typeof totpEnrolmentSchema>> {
  const session = await pendingSession(ctx);
  if (session.totpEnrolled) throw new ApiError('conflict', 'An authenticator app is already set up for this account.');
  const secret = newTotpSecret();
  const db = await getDb();
  await db.update(staff).set({ totpSecret: sealTotpSecret(secret), totpLastStep: null, updatedAt: new Date() }).where(eq(staff.id, session.staffId));
  const uri = totpUri(secret, session.email);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/**
 * POST /console/totp/confirm: the first code from the app enrols it and finishes the sign-in; the
 * account's ten recovery codes are made now and answered this once (earlier ones stop working).
 */
export async function confirmEnrolment(ctx: RequestContext, code: string): Promise<z.input<typeof totpConfirmedSchema>> {
  const session = await pendingSession(ctx);
  if (session.totpEnrolled) throw new ApiError('conflict', 'An authenticator app is already set up for this account.');
  await takeCode(session.staffId, code, true);
  await markSecondFactor(session.sessionId);
  const recoveryCodes = await replaceRecoveryCodes(session.staffId);
  await staffSecurityEvent({
    event: 'second-factor.changed',
    actor: { kind: 'staff', staffId: session.staffId },
    detail: { route: 'POST /api/console/totp/confirm', what: 'authenticator set up, recovery codes made' },
  });
  return { next: 'done', recoveryCodes };
}

/** POST /console/recovery-codes: a new set of ten for the signed-in member (the old set stops working), shown once. */
export async function regenerateRecoveryCodes(ctx: StaffSessionContext): Promise<{ codes: string[]; remaining: number }> {
  const codes = await replaceRecoveryCodes(ctx.staffId);
  await staffSecurityEvent({
    event: 'second-factor.changed',
    actor: { kind: 'staff', staffId: ctx.staffId },
    detail: { route: 'POST /api/console/recovery-codes', what: 'recovery codes replaced' },
  });
  return { codes, remaining: codes.length };
}

/** POST /console/sign-out: ends the session of the request (if any) and clears the cookies. */
export async function signOut(ctx: RequestContext): Promise<{ ok: true }> {
  const sid = await staffSessionIdFrom(ctx);
  if (sid) await revokeStaffSession(sid);
  clearStaffCookies(ctx);
  return { ok: true };
}

/** GET /console/me */
export async function me(ctx: StaffSessionContext): Promise<ConsoleMe> {
  const memberships = await membershipsOf(ctx.staffId);
  return {
    staff: { id: ctx.staffId, email: ctx.email, name: ctx.name },
    memberships: memberships.map(({ slug, name, organizationType, role }) => ({ slug, name, organizationType, role })),
  };
}

/**
 * Runs a use case that checks a link's token, its guess reserved first in the address's limit of
 * wrong links: a refusal of the link or the password (400) keeps the place, anything else gives it
 * back.
 */
async function withTokenGuess<T>(ctx: RequestContext, check: () => Promise<T>): Promise<T> {
  const attempt = await reserveAttempt([{ key: `console-token-fail:ip:${ctx.address}`, window: TOKEN_IP_LIMIT }]);
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'bad_request')) await attempt.release();
    throw err;
  }
  await attempt.release();
  return result;
}

/** POST /console/invitations/accept: joins the brand and starts a session that still needs its second factor. */
export async function acceptInvitationAndSignIn(
  ctx: RequestContext,
  body: z.output<typeof acceptInvitationBodySchema>,
): Promise<z.input<typeof acceptInvitationResponseSchema>> {
  // An existing account's password is a sign-in guess: it takes its place in the sign-in limits of that account.
  const accepted = await withTokenGuess(ctx, () => acceptInvitation(body, (email) => reservePasswordGuess(email, ctx.address)));
  await startSession(ctx, accepted.staffId);
  const account = await findStaffById(accepted.staffId);
  return { next: nextOf(!!account?.totpEnabledAt), brand: accepted.slug };
}

/**
 * POST /console/password-reset: the same answer whatever the address. Throttled per requester
 * first (10 an hour per address, 3 an hour per address and e-mail), then 10 an hour per e-mail
 * from all addresses together, which spares the addresses the account signed in from in the last
 * 30 days: strangers cannot use up the account's own resets (docs/security.md).
 */
export async function askPasswordReset(ctx: RequestContext, email: string): Promise<{ message: string }> {
  const account = normalEmail(email);
  await hitRateLimit(`console-reset:ip:${ctx.address}`, RESET_IP_LIMIT);
  await hitRateLimit(`console-reset:ip-target:${ctx.address}:${account}`, RESET_IP_TARGET_LIMIT);
  if (!(await signedInFrom(account, ctx.address))) await hitRateLimit(`console-reset:target:${account}`, RESET_TARGET_LIMIT);
  await requestPasswordReset(email, consoleOrigin());
  return { message: PASSWORD_RESET_SENT };
}

/** POST /console/password-reset/confirm */
export async function finishPasswordReset(ctx: RequestContext, body: z.output<typeof passwordResetConfirmBodySchema>): Promise<{ ok: true }> {
  await withTokenGuess(ctx, () => confirmPasswordReset(body));
  return { ok: true };
}
