// The kinds of security event (docs/security.md "Security events", issue 28): pure, so the audit
// screen's filter, its query schema and the server's writer (lib/auth/security-events.ts) share them.

export const SECURITY_EVENTS = [
  /** A wrong password or unknown account at a sign-in (console or customer). */
  'sign-in.failed',
  /** A wrong one-time code, authenticator code or recovery code. */
  'code.wrong',
  /** A request refused by an attempt or flood limit (429). */
  'limit.refused',
  /** A request refused for want of a session (401), a role or CSRF proof (403), or a brand that is not the caller's (404 from the console guard). */
  'access.refused',
  /** A session ended by someone else or all at once, a member removed or disabled, an invitation cancelled, a second factor reset. */
  'session.revoked',
  /** Codes (with their secrets) or other data downloaded. */
  'export',
  /** A staff member's role changed, a member added, or a disabled member enabled again. */
  'role.changed',
  /** A staff member's recovery codes replaced, or one of them used to sign in (never the code itself). */
  'second-factor.changed',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENTS)[number];

/** Audited actions that are security events too (docs/security.md "Security events"): each also writes its JSON line. */
export const AUDITED_SECURITY_ACTIONS: Record<string, SecurityEventName> = {
  'staff.role': 'role.changed',
  'staff.join': 'role.changed',
  'staff.remove': 'session.revoked',
  'staff.sessions.revoke': 'session.revoked',
  'staff.disable': 'session.revoked',
  'staff.enable': 'role.changed',
  'staff.invitation.cancel': 'session.revoked',
  'staff.totp.reset': 'session.revoked',
  'codes.export': 'export',
  'payouts.export': 'export',
};

/** The audit log's actions of one kind of security event, or of every kind (`security`): its own entries and the audited changes that are such events. */
export function auditActionsOf(kind: SecurityEventName | 'security'): string[] {
  const events = kind === 'security' ? SECURITY_EVENTS : [kind];
  return [...events.map((e) => `security.${e}`), ...Object.entries(AUDITED_SECURITY_ACTIONS).filter(([, e]) => events.includes(e)).map(([a]) => a)];
}


/** The audit screen's kinds: every security event, or one kind of them. */
export const AUDIT_KINDS = ['security', ...SECURITY_EVENTS] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  security: 'Every security event',
  'sign-in.failed': 'Failed sign-ins',
  'code.wrong': 'Wrong codes',
  'limit.refused': 'Refused by a limit',
  'access.refused': 'Refused access',
  'session.revoked': 'Revocations',
  export: 'Exports',
  'role.changed': 'Role changes',
  'second-factor.changed': 'Recovery codes made or used',
};
