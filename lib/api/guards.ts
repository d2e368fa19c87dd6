import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '@/lib/errors';
import type { AppEnv } from './context';
import { findClientByHost } from '@/lib/brands/find-client';
import { brandHostHeader, parseHost } from '@/lib/shared/host';
import { env } from '@/lib/edge/env';

// Guards shared by every area of the Brand API.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Header every state-changing call must carry; a cross-site form or image cannot set it. */
export const CSRF_HEADER = 'x-requested-with';
/** The delivery receipts' paths (messages/receipt-routes.ts): signed by the provider, exempt from the CSRF header. */
export const RECEIPT_PATHS = '/api/messages/receipts/';

function requestHost(c: Parameters<MiddlewareHandler>[0]): string | undefined {
  return brandHostHeader((name) => c.req.header(name), !!env().TRUST_PROXY);
}

/** CSRF: the Origin (when a browser sends one) must be this host, and the custom header present. */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A provider's delivery receipt carries no cookie and no custom header: its signature proves it (receipt-signature.ts).
  if (STATE_CHANGING.has(c.req.method) && !c.req.path.startsWith(RECEIPT_PATHS)) {
    if (!c.req.header(CSRF_HEADER)) throw new ApiError('forbidden', `Missing ${CSRF_HEADER} header`);
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      let originHost: string | undefined;
      try {
        originHost = parseHost(new URL(origin).host);
      } catch {
        originHost = undefined;
      }
      if (!originHost || originHost !== parseHost(requestHost(c))) {
        throw new ApiError('forbidden', 'Cross-site request refused');
      }
    }
  }
  await next();
};

/** JSON bodies only, except where a route says otherwise (uploads). */
export const jsonBodyGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    const length = Number(c.req.header('content-length') ?? '0');
    const hasBody = type !== undefined || length > 0;
    if (hasBody && type !== 'application/json' && type !== 'multipart/form-data') {
      throw new ApiError('unsupported_media_type', 'Content-Type must be application/json');
    }
  }
  await next();
};

/** Resolves the brand from the host; a blacklisted brand gets nothing but clone-info. */
export const tenantGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const client = await findClientByHost(requestHost(c));
  if (!client) throw new ApiError('not_found', 'No App data found.');
  c.set('client', client);
  const path = c.req.path;
  if (client.serviceStatus === 'Blacklisted' && !path.endsWith('/client/clone-info')) {
    throw new ApiError('forbidden', 'This service is not available for this brand.');
  }
  await next();
};

export { requestHost };
