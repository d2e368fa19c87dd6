import { queryOptions } from '@tanstack/react-query';
import { http } from '../http';
import type { CloneInfo } from '@/lib/schemas/client';

// GET /api/client/clone-info — the brand's configuration. The root layout loads it on the
// server and seeds this query, so the browser asks again only when it goes stale.
export const cloneInfoQuery = () =>
  queryOptions({
    queryKey: ['clone-info'] as const,
    queryFn: () => http<CloneInfo>('/client/clone-info', { auth: false }),
    staleTime: Infinity,
  });
