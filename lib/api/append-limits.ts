import 'server-only';
import type { RateLimit } from './rate-limit';

// Limits of the endpoints that append a row on every call (docs/security.md, "API edge"): per
// customer and brand, counted after the input is validated, so only calls that would write count.
// Feedback (30 an hour), complaints and reports (20 an hour) keep theirs in their routes.

export const COOKIE_CONSENT_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600, message: 'Too many cookie consents in an hour. Please try again later.' };
export const ACKNOWLEDGE_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600, message: 'Too many policy acknowledgements in an hour. Please try again later.' };
export const COMPLAINT_REPLY_LIMIT: RateLimit = { limit: 30, windowSeconds: 3600, message: 'Too many replies in an hour. Please try again later.' };
