import 'server-only';
import { ApiError } from '@/lib/errors';
import type { FeatureFlag } from '@/lib/schemas/client-config';
import type { BrandContext } from './route-context';

// A module the brand has switched off answers 403 'This service is not offered by <brand>.', the
// same for every module. Endpoints name their flag in their declaration (define-route.ts); a use
// case whose flag depends on its input (the tracking routes of verify) calls requireFlag itself.

export const notOfferedMessage = (brand: string) => `This service is not offered by ${brand}.`;

export function requireFlag(ctx: Pick<BrandContext, 'client' | 'config'>, flag: FeatureFlag) {
  if (!ctx.config.flags[flag]) throw new ApiError('forbidden', notOfferedMessage(ctx.client.organizationName));
}
