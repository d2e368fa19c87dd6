// The staff screen of a brand (owner only, docs/console.md): who is on the brand's staff, with
// what role and when they last signed in, the invitations not yet accepted; changing a role,
// taking someone off the staff (a brand always keeps an owner), and ending a member's sessions.
// Every query is scoped by the brand; every change is audited in its own transaction. A member's
// sessions (and last sign-in) are those that reached this brand (staff_session_brands): a member
// of several brands is seen and signed out by each brand only where they worked for it.
// An owner may also disable a member at this brand (and enable them again) and reset another
// member's second factor (issue 28).

export { cancelInvitation } from './cancel-invitation';
export { changeStaffRole } from './change-staff-role';
export { listStaff, type StaffMemberView, type PendingInvitationView } from './list-staff';
export { memberSessions } from './member-sessions';
export { removeStaffMember } from './remove-staff-member';
export { NOT_YOURSELF_RESET, resetMemberSecondFactor } from './reset-member-second-factor';
export { OPERATOR_ONLY, NOT_AN_OWNER, OWNER_DISABLED, ANOTHER_OWNER, resetSoleOwnerSecondFactor } from './reset-sole-owner-second-factor';
export { revokeMemberSessions } from './revoke-member-sessions';
export { NOT_YOURSELF_DISABLE, setMemberDisabled } from './set-member-disabled';
export { LAST_OWNER, OWNERS_ONLY } from './shared';
