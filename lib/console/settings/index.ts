// A brand's settings (console area 'settings'; the command line's set-config, add-domain and
// remove-domain call these too): its configuration (theme, services and flags, OTP services,
// embedding, footer, banners, complaint priorities, verification), its name and its domains.
// A change is checked by the one configuration schema (lib/schemas/client-config.ts), audited
// with before and after in its transaction, and the brand caches are dropped right after, so
// customers see it within CLIENT_CACHE_MS on other servers and at once on this one.

export { addDomain } from './add-domain';
export { approveDomain } from './approve-domain';
export { getSettings } from './get-settings';
export { removeDomain } from './remove-domain';
export { updateSettings } from './update-settings';
export { maskSecret } from './shared';
