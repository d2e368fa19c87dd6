import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { ApiRequestError, apiFetch } from '@/lib/server/api-fetch';
import { FALLBACK_MESSAGE } from '@/lib/shared/fetch-rules';

// A server component's read of the Brand API that shows failures instead of throwing: a missing
// row (404) and any other error become a message the page renders. Next's own control-flow
// errors (dynamic usage during prerendering, redirect, notFound…) are not failures: they go on.

type Loaded<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export async function load<T>(path: string): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await apiFetch<T>(path) };
  } catch (err) {
    unstable_rethrow(err);
    if (err instanceof ApiRequestError) return { ok: false, status: err.status, message: err.message };
    console.error('[after-sales] load failed', path, err);
    return { ok: false, status: 500, message: FALLBACK_MESSAGE };
  }
}
