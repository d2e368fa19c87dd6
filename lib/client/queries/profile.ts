import { http } from '../lazy-http'; // the sign-in code screen names PROFILE_PATH without loading the client
import type { CustomerProfile } from '@/lib/schemas/customer';

// GET /api/customer/customer-profile — fetched only after auth succeeds (spec section 7). The
// signed-in pages read the profile the server loaded from the shell (components/shell/profile.tsx),
// not through React Query, so their first load does not carry it.
export const PROFILE_PATH = '/customer/customer-profile';

/** The signed-in customer's profile, fresh from the API. */
export const fetchProfile = () => http<CustomerProfile>(PROFILE_PATH);
