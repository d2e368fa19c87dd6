import { queryOptions } from '@tanstack/react-query';
import { http } from '../lazy-http'; // the sign-in code screen names PROFILE_PATH without loading the client
import type { CustomerProfile } from '@/lib/schemas/customer';

// GET /api/customer/customer-profile — fetched only after auth succeeds (spec section 7).
export const PROFILE_PATH = '/customer/customer-profile';

export const profileQuery = () =>
  queryOptions({
    queryKey: ['customer-profile'] as const,
    queryFn: () => http<CustomerProfile>(PROFILE_PATH),
  });
