// Staff sessions (docs/console.md, "Sessions"): a row per sign-in, live until it is revoked,
// reaches its absolute end (CONSOLE_SESSION_HOURS after sign-in) or goes unused for
// CONSOLE_IDLE_MINUTES. The cookie holds only a seal of the row's id, so revoking the row ends the
// session at its next request. A session whose second factor is not given yet may only give it
// (or enrol); second_factor_at marks that it was. A session is the account's, at every brand it
// belongs to; staff_session_brands records which brands it has reached, and a brand's owner sees
// and ends a member's sessions only among those (never their sessions elsewhere).

export { createStaffSession } from './create-staff-session';
export { liveSessionsOf, type StaffSessionRow } from './live-sessions-of';
export { liveStaffSession, type LiveStaffSession } from './live-staff-session';
export { markSecondFactor } from './mark-second-factor';
export { markSessionAtBrand } from './mark-session-at-brand';
export { revokeAllStaffSessions } from './revoke-all-staff-sessions';
export { revokeOtherSessions } from './revoke-other-sessions';
export { revokeOwnSession } from './revoke-own-session';
export { revokeStaffSession } from './revoke-staff-session';
export { KNOWN_ADDRESS_DAYS, signedInFrom } from './signed-in-from';
