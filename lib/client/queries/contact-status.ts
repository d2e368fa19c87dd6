import { queryOptions } from '@tanstack/react-query';
import { http } from '../http';
import type { ContactStatus } from '@/lib/schemas/auth';

// GET /api/auth/customer/contact-status — whether the signed-in account's contact is confirmed.
export const contactStatusQuery = () =>
  queryOptions({
    queryKey: ['contact-status'] as const,
    queryFn: () => http<ContactStatus>('/auth/customer/contact-status'),
  });
