import 'server-only';
import { findActiveCustomer } from '../auth/customers';
import { ApiError } from '../errors';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { toProfile } from './to-profile';

// GET /api/customer/customer-profile — the signed-in customer's profile.
export async function getProfile(clientId: string, customerId: string): Promise<CustomerProfile> {
  const row = await findActiveCustomer(clientId, customerId);
  if (!row) throw new ApiError('unauthorized', 'Unauthorized');
  return toProfile(row);
}
