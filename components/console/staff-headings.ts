// The staff screen's headings that take focus after an action took its own button away (a
// removed member's row, a cancelled invitation): shared by the page (a server component) and the
// actions (client), so it is a module of its own, not an export of the client one.
export const STAFF_HEADINGS = { members: 'staff-members-title', invitations: 'staff-invitations-title' } as const;
