import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { brandTimeZoneOf } from '@/lib/shared/console-time';
import { pageOverHttps } from './session';
import { CONSOLE_SESSION_COOKIE, consoleCookieName, isConsoleRequestHeaders, unsealStaffSessionId } from '@/lib/edge/console-host';
import { CONSOLE_ENROL_PATH, CONSOLE_SECOND_FACTOR_PATH, CONSOLE_SIGN_IN_PATH } from '@/lib/shared/console-nav';
import { safeReturnPath } from '@/lib/shared/return-path';
import { sessionSecret } from '@/lib/auth/keys';
import { liveStaffSession, markSessionAtBrand, type LiveStaffSession } from '@/lib/console/sessions';
import { membershipAt } from '@/lib/console/staff';
import type { ConsoleScope } from '@/lib/console/scope';
import { roleMay, type AreaAccess, type ConsoleArea, type StaffRole } from '@/lib/domain/staff-roles';
import type { ClientRow } from '@/lib/brands/find-client';

// The console's pages read the staff session here (docs/console.md), as the API's staff guards do
// (lib/api/console/access.ts): the same cookie, the same session rows, the same roles table. Each
// console layout and page calls one of these itself; middleware only routes the host.

/** Whether this request came to the console host (the root layout renders the console's frame then). */
export const isConsoleRequest = cache(async (): Promise<boolean> => {
  const h = await headers();
  return isConsoleRequestHeaders((name) => h.get(name));
});

/** The request's live staff session (second factor given or not), or undefined. */
export const readStaffSession = cache(async (): Promise<LiveStaffSession | undefined> => {
  // A console page renders on the console host only: layouts and pages render in parallel, so the
  // (console) layout's check alone would let a page stream inside another host's answer.
  if (!(await isConsoleRequest())) notFound();
  const https = await pageOverHttps();
  const sealed = (await cookies()).get(consoleCookieName(CONSOLE_SESSION_COOKIE, https))?.value;
  const sid = await unsealStaffSessionId(sealed, sessionSecret());
  return sid ? liveStaffSession(sid) : undefined;
});

/** The visible path of this page on the console host (set by middleware), for the return after sign-in. */
async function requestedConsolePath(): Promise<string> {
  return safeReturnPath((await headers()).get('x-pathname'));
}

/** A signed-in staff member (second factor given), or a redirect to the step of signing in they are at. */
export async function requireStaffSession(): Promise<LiveStaffSession> {
  const session = await readStaffSession();
  if (session?.secondFactor) return session;
  if (session) redirect(session.totpEnrolled ? CONSOLE_SECOND_FACTOR_PATH : CONSOLE_ENROL_PATH);
  redirect(`${CONSOLE_SIGN_IN_PATH}?${new URLSearchParams({ from: await requestedConsolePath() })}`);
}

export type StaffPage = {
  scope: ConsoleScope;
  role: StaffRole;
  staff: { id: string; email: string; name: string; sessionId: string };
  brand: { clientId: string; slug: string; name: string; organizationType: string; client: ClientRow };
  /** The brand's time zone, in which the console shows every date (lib/shared/console-time.ts). */
  timeZone: string;
};

/**
 * A console page of one brand's area: the signed-in staff member (else the sign-in screens), a
 * member of that brand (else 'Page not Found!'), whose role may read (or change) the area (else
 * the brand's "not for your role" screen). Answers the scope that lib/console use cases take.
 */
export async function requireStaffPage(brandSlug: string, area: ConsoleArea, access: AreaAccess = 'read'): Promise<StaffPage> {
  const session = await requireStaffSession();
  const member = /^[a-z0-9][a-z0-9-]{1,39}$/.test(brandSlug) ? await membershipAt(session.staffId, brandSlug) : undefined;
  if (!member || member.disabled) notFound(); // disabled at this brand: as if not a member (their other brands stay open)
  await markSessionAtBrand(session.sessionId, member.client.id); // this brand's owners now see the session
  if (!roleMay(member.role, area, access)) redirect(`/${brandSlug}/forbidden`);
  const { client, role } = member;
  return {
    scope: { clientId: client.id, slug: client.slug, actor: { kind: 'staff', staffId: session.staffId, email: session.email, role } },
    role,
    staff: { id: session.staffId, email: session.email, name: session.name, sessionId: session.sessionId },
    brand: { clientId: client.id, slug: client.slug, name: client.organizationName, organizationType: client.organizationType, client },
    timeZone: brandTimeZoneOf(client.config),
  };
}
