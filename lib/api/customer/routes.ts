import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { requireVerifiedContact } from '../auth/verify-contact';
import { clearSessionCookie } from '../auth/cookie';
import { okResponseSchema } from '@/lib/schemas/auth';
import { customerProfileSchema, deleteAccountBodySchema, updateProfileBodySchema } from '@/lib/schemas/customer';
import { getProfile } from './get-profile';
import { updateProfile } from './update-profile';
import { deleteAccount } from './delete-account';

// The signed-in customer's own account.

export const customerRoutes = new OpenAPIHono<AppEnv>();

const profileAnswer = { description: 'The customer profile', content: { 'application/json': { schema: customerProfileSchema } } };

// GET /api/customer/customer-profile — the profile
customerRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/customer/customer-profile',
    tags: ['customer'],
    middleware: [requireCustomer] as const, // unverified: sign-up's fields only (get-profile.ts)
    security: [{ bearer: [] }],
    responses: { 200: profileAnswer, ...errorResponses },
  }),
  async (c) => c.json(customerProfileSchema.parse(await getProfile(c.var.client.id, c.var.auth.customerId)), 200),
);

// PUT /api/customer/customer-profile — edit the profile
customerRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/customer/customer-profile',
    tags: ['customer'],
    middleware: [requireCustomer, requireVerifiedContact] as const,
    security: [{ bearer: [] }],
    request: { body: { content: { 'application/json': { schema: updateProfileBodySchema } }, required: true } },
    responses: { 200: profileAnswer, ...errorResponses },
  }),
  async (c) =>
    c.json(customerProfileSchema.parse(await updateProfile(c.var.client.id, c.var.auth.customerId, c.req.valid('json'), c.var.auth.sessionId)), 200),
);

// POST /api/customer/delete-account — erase the account ({ confirm: 'DELETE' })
customerRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/delete-account',
    tags: ['customer'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { body: { content: { 'application/json': { schema: deleteAccountBodySchema } }, required: true } },
    responses: { 200: { description: 'Account erased; every session revoked', content: { 'application/json': { schema: okResponseSchema } } }, ...errorResponses },
  }),
  async (c) => {
    c.req.valid('json');
    const result = await deleteAccount(c.var.client.id, c.var.auth.customerId);
    clearSessionCookie(c as never);
    return c.json(okResponseSchema.parse(result), 200);
  },
);
