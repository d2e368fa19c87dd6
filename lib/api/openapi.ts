import 'server-only';
import { z } from 'zod';

export const errorBodySchema = z.object({ errorMessage: z.string(), code: z.string(), field: z.string().optional() });

const err = (description: string) => ({ description, content: { 'application/json': { schema: errorBodySchema } } });

/** The error answers every route may give, for the OpenAPI document. */
export const errorResponses = {
  400: err('Bad request'),
  401: err('Not signed in, or the token is expired ("jwt expired")'),
  403: err('Refused (cross-site request, or the brand is blocked)'),
  404: err('Not found (including anything of another brand or customer)'),
  422: err('Invalid input; errorMessage names the field'),
  429: err('Too many requests'),
} as const;
