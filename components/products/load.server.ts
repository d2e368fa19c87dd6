import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { ApiRequestError, FALLBACK_MESSAGE } from '@/lib/shared/fetch-rules';

// A server component's typed call of the Brand API (lib/server/call-route.ts) that shows failures
// instead of throwing, `load(callRoute(myProductRoute, { params: { unitId } }))`: a missing
// row (404) and any other error become a message the page renders. Next's own control-flow
// errors (dynamic usage during prerendering, redirect, notFound…) are not failures: they go on.

/** A failure keeps its error: a screen not in English says it by the answer's code (components/products/load-problem.tsx). */
type Loaded<T> = { ok: true; data: T } | { ok: false; status: number; message: string; error: unknown };

export async function load<T>(call: Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await call };
  } catch (err) {
    unstable_rethrow(err);
    if (err instanceof ApiRequestError) return { ok: false, status: err.status, message: err.message, error: err };
    console.error('[after-sales] load failed', err);
    return { ok: false, status: 500, message: FALLBACK_MESSAGE, error: err };
  }
}
