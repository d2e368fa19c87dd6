import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppContext, AppEnv } from '../context';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { brandConfig } from '../verify/scan-guard';
import { myProductDetailsSchema, myProductsResponseSchema, unitParamsSchema } from '@/lib/schemas/my-products';
import { listMyProducts } from './list-my-products';
import { getMyProduct } from './get-my-product';

// My products: the units the customer claimed by a post-sale scan (always on).

export const myProductsRoutes = new OpenAPIHono<AppEnv>();

// GET /api/customer/my-products — claimed units, newest first
myProductsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/my-products',
    tags: ['my products'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    responses: { 200: { description: 'Claimed units', content: { 'application/json': { schema: myProductsResponseSchema } } }, ...errorResponses },
  }),
  async (c) => c.json(myProductsResponseSchema.parse(await listMyProducts(c.var.client.id, c.var.auth.customerId)), 200),
);

// GET /api/customer/my-products/{unitId} — one unit: details, expiry, tracking, journey
myProductsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/my-products/{unitId}',
    tags: ['my products'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { params: unitParamsSchema },
    responses: { 200: { description: 'The unit', content: { 'application/json': { schema: myProductDetailsSchema } } }, ...errorResponses },
  }),
  async (c) => {
    const tracking = brandConfig(c as unknown as AppContext).flags.isTrackingEnabled;
    const answer = await getMyProduct(c.var.client.id, c.var.auth.customerId, c.req.valid('param').unitId, tracking);
    return c.json(myProductDetailsSchema.parse(answer), 200);
  },
);
