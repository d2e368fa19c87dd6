import 'server-only';
import { defineRoute } from '../define-route';
import { myProductDetailsSchema, myProductsResponseSchema, unitParamsSchema } from '@/lib/schemas/my-products';
import { listMyProducts } from './list-my-products';
import { getMyProduct } from './get-my-product';

// My products: the units the customer claimed by a post-sale scan (always on).

export const myProductsRoute = defineRoute({
  method: 'get',
  path: '/customer/my-products',
  tag: 'my products',
  access: 'customer',
  response: { description: 'Claimed units', schema: myProductsResponseSchema },
  handle: (_input, ctx) => listMyProducts(ctx.clientId, ctx.customerId),
});

export const myProductRoute = defineRoute({
  method: 'get',
  path: '/customer/my-products/{unitId}',
  tag: 'my products',
  access: 'customer',
  params: unitParamsSchema,
  response: { description: 'The unit', schema: myProductDetailsSchema },
  handle: ({ params }, ctx) => getMyProduct(ctx.clientId, ctx.customerId, params.unitId, ctx.config.flags.isTrackingEnabled),
});

export const myProductsRoutes = [
  // GET /api/customer/my-products — claimed units, newest first
  myProductsRoute,

  // GET /api/customer/my-products/{unitId} — one unit: details, expiry, tracking, journey
  myProductRoute,
];
