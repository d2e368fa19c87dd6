import 'server-only';
import { findActiveCustomer } from '../auth/customers';
import { ApiError } from '@/lib/errors';
import { EMPTY_ADDRESS, type CustomerProfile } from '@/lib/schemas/customer';
import { toProfile } from './to-profile';

// GET /api/customer/customer-profile — the signed-in customer's profile. Until the account's
// contact is verified (docs/security.md, "Accounts") a password alone reaches only what sign-up
// took (name and contact, which the signed-in screens greet with): address, date of birth,
// company and UPI id are withheld, and changing the profile is refused (requireVerifiedContact).
export async function getProfile(clientId: string, customerId: string): Promise<CustomerProfile> {
  const row = await findActiveCustomer(clientId, customerId);
  if (!row) throw new ApiError('unauthorized', 'Unauthorized');
  const profile = toProfile(row);
  if (row.contactVerifiedAt) return profile;
  return { ...profile, companyName: null, dob: null, vpa: null, address: { ...EMPTY_ADDRESS } };
}
