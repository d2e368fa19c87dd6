// GET /api/auth/customer/contact-status — whether the signed-in account's contact is confirmed
// (read by components/account/verify-contact-gate.tsx with one fetch).
export const CONTACT_STATUS_PATH = '/auth/customer/contact-status';
