// Staff accounts, their memberships of brands, and the one-time tokens sent by e-mail
// (docs/console.md): an invitation (7 days) grants a role at a brand and, for a new account, sets
// its password; a reset (1 hour) sets a new password. Tokens are random (256 bits), stored only as
// their SHA-256 and good once. The command line (`npm run brand -- invite-staff`) and the
// console's staff screen call the same inviteStaff.

export { acceptInvitation, type PasswordGuess } from './accept-invitation';
export { confirmPasswordReset } from './confirm-password-reset';
export { disabledEverywhere } from './disabled-everywhere';
export { findStaffByEmail } from './find-staff-by-email';
export { findStaffById } from './find-staff-by-id';
export { invitationDetails, type InvitationDetails } from './invitation-details';
export { INVITATION_TTL_MS, inviteStaff, type Invitation } from './invite-staff';
export { membershipAt } from './membership-at';
export { membershipsOf, type Membership } from './memberships-of';
export { RESET_TTL_MS, requestPasswordReset } from './request-password-reset';
export { resetTokenUsable } from './reset-token-usable';
export { TOKEN_UNUSABLE, normalEmail, hashToken, MEMBER_DISABLED, ACCOUNT_DISABLED, type StaffAccount } from './shared';
