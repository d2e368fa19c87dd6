import 'server-only';
import { defineRoute } from '../define-route';
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

const closeRoute = (action: 'resolve' | 'dismiss') =>
  // POST /api/operator/red-flags/{id}/resolve | dismiss {slug, note}
  defineRoute({
    method: 'post',
    path: `/operator/red-flags/{id}/${action}`,
    tag: 'operator',
    access: 'operator',
    params: redFlagParamsSchema,
    body: closeRedFlagBodySchema,
    response: {
      description: action === 'resolve' ? 'Resolved: a copy, confirmed' : 'Dismissed: not a copy; an automatic blacklisting is lifted',
      schema: closeRedFlagResponseSchema,
    },
    errors: { 409: 'Already resolved or dismissed' },
    handle: ({ params, body }) => (action === 'resolve' ? resolveRedFlag : dismissRedFlag)({ slug: body.slug, id: params.id, note: body.note }),
  });

export const redFlagOperatorRoutes = [
  // GET /api/operator/red-flags?slug=&status=&rule=&product=&limit=
  defineRoute({
    method: 'get',
    path: '/operator/red-flags',
    tag: 'operator',
    access: 'operator',
    query: redFlagsQuerySchema,
    response: { description: 'Red flags of the brand, newest first', schema: redFlagsResponseSchema },
    handle: async ({ query }) => ({ redFlags: await listRedFlags(query) }),
  }),
  closeRoute('resolve'),
  closeRoute('dismiss'),

  // GET /api/operator/code-timeline?slug=&qrId=&limit=
  defineRoute({
    method: 'get',
    path: '/operator/code-timeline',
    tag: 'operator',
    access: 'operator',
    query: codeTimelineQuerySchema,
    response: { description: "Every scan of the code's unit, oldest first", schema: codeTimelineResponseSchema },
    handle: async ({ query }) => ({ scans: await codeTimeline(query) }),
  }),
];
