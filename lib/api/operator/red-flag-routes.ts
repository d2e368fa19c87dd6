import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import { ApiError } from '@/lib/errors';
import { errorBodySchema, errorResponses } from '../openapi';
import { keyMatches } from './key';
import { codeTimeline, dismissRedFlag, listRedFlags, resolveRedFlag } from '@/lib/operator/red-flags';
import {
  closeRedFlagBodySchema,
  closeRedFlagResponseSchema,
  codeTimelineQuerySchema,
  codeTimelineResponseSchema,
  redFlagParamsSchema,
  redFlagsQuerySchema,
  redFlagsResponseSchema,
} from '@/lib/schemas/red-flags';

// The brand's red flags and a code's timeline as operator endpoints (docs/verification.md,
// "Risk"): mounted in operator/routes.ts behind the operator channel (404 without it), then the
// operator key (401). The same functions as the commands red-flags, resolve-red-flag,
// dismiss-red-flag and code-timeline. Not in the public OpenAPI document: their own is at
// /api/operator/openapi.json, behind the same guards.

export const redFlagOperatorRoutes = new OpenAPIHono<AppEnv>({
  defaultHook: (result) => {
    if (!result.success) throw result.error; // 422 naming the field
  },
});

const requireKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!keyMatches(c.req.header('x-operator-key'))) throw new ApiError('unauthorized', 'Operator key required');
  return next();
};
redFlagOperatorRoutes.use('/operator/red-flags', requireKey);
redFlagOperatorRoutes.use('/operator/red-flags/*', requireKey);
redFlagOperatorRoutes.use('/operator/code-timeline', requireKey);
redFlagOperatorRoutes.use('/operator/openapi.json', requireKey);

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// GET /api/operator/red-flags?slug=&status=&rule=&product=&limit=
redFlagOperatorRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/operator/red-flags',
    tags: ['operator'],
    request: { query: redFlagsQuerySchema },
    responses: { 200: json(redFlagsResponseSchema, 'Red flags of the brand, newest first'), ...errorResponses },
  }),
  async (c) => c.json(redFlagsResponseSchema.parse({ redFlags: await listRedFlags(c.req.valid('query')) }), 200),
);

for (const action of ['resolve', 'dismiss'] as const) {
  // POST /api/operator/red-flags/{id}/resolve | dismiss {slug, note}
  redFlagOperatorRoutes.openapi(
    createRoute({
      method: 'post',
      path: `/operator/red-flags/{id}/${action}`,
      tags: ['operator'],
      request: { params: redFlagParamsSchema, body: { content: { 'application/json': { schema: closeRedFlagBodySchema } }, required: true } },
      responses: {
        200: json(closeRedFlagResponseSchema, action === 'resolve' ? 'Resolved: a copy, confirmed' : 'Dismissed: not a copy; an automatic blacklisting is lifted'),
        409: json(errorBodySchema, 'Already resolved or dismissed'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { slug, note } = c.req.valid('json');
      const run = action === 'resolve' ? resolveRedFlag : dismissRedFlag;
      return c.json(closeRedFlagResponseSchema.parse(await run({ slug, id, note })), 200);
    },
  );
}

// GET /api/operator/code-timeline?slug=&qrId=&limit=
redFlagOperatorRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/operator/code-timeline',
    tags: ['operator'],
    request: { query: codeTimelineQuerySchema },
    responses: { 200: json(codeTimelineResponseSchema, "Every scan of the code's unit, oldest first"), ...errorResponses },
  }),
  async (c) => c.json(codeTimelineResponseSchema.parse({ scans: await codeTimeline(c.req.valid('query')) }), 200),
);

redFlagOperatorRoutes.doc31('/operator/openapi.json', {
  openapi: '3.1.0',
  info: { title: 'Brand API: operator endpoints for red flags', version: '1.0.0', description: 'Reachable only on the operator socket, with the operator key.' },
});
