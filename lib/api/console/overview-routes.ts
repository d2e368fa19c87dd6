import 'server-only';
import { defineRoute } from '../define-route';
import { overview } from '@/lib/console/overview';
import { consoleBrandParams } from '@/lib/schemas/console';
import { overviewQuerySchema, overviewSchema } from '@/lib/schemas/console-overview';

// The console's overview (docs/console.md, "Overview"): every role of the brand reads it.

export const consoleOverviewRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/overview',
  tag: 'console',
  access: { class: 'staff', area: 'overview', access: 'read' },
  params: consoleBrandParams,
  query: overviewQuerySchema,
  response: { description: 'Scans per day and result group, claims, warranties, open complaints, payouts waiting, places and red flags', schema: overviewSchema },
  errors: { 404: 'No such brand for this staff member, or no such product or batch (field: product, batch)' },
  fieldErrors: 'A malformed date, a range the wrong way round or longer than a year (field: from, to)',
  handle: ({ query }, ctx) => overview(ctx.scope, query),
});

export const overviewRoutes = [
  // GET /api/console/brands/{brand}/overview?from=&to=&product=&batch=
  consoleOverviewRoute,
];
