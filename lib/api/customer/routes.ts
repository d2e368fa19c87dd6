import 'server-only';
import { defineRoute } from '../define-route';
import { clearSessionCookie } from '../auth/cookie';
import { okResponseSchema } from '@/lib/schemas/auth';
import { customerProfileSchema, deleteAccountBodySchema, updateProfileBodySchema } from '@/lib/schemas/customer';
import { getProfile } from './get-profile';
import { updateProfile } from './update-profile';
import { deleteAccount } from './delete-account';

// The signed-in customer's own account.

export const customerProfileRoute = defineRoute({
  method: 'get',
  path: '/customer/customer-profile',
  tag: 'customer',
  access: 'customer',
  response: { description: 'The customer profile', schema: customerProfileSchema },
  handle: (_input, ctx) => getProfile(ctx.clientId, ctx.customerId),
});

export const customerRoutes = [
  // GET /api/customer/customer-profile — the profile (unverified: sign-up's fields only, get-profile.ts)
  customerProfileRoute,

  // PUT /api/customer/customer-profile — edit the profile
  defineRoute({
    method: 'put',
    path: '/customer/customer-profile',
    tag: 'customer',
    access: { class: 'customer', contact: 'verified' },
    body: updateProfileBodySchema,
    response: { description: 'The customer profile', schema: customerProfileSchema },
    handle: ({ body }, ctx) => updateProfile(ctx.clientId, ctx.customerId, body, ctx.sessionId),
  }),

  // POST /api/customer/delete-account — erase the account ({ confirm: 'DELETE' })
  defineRoute({
    method: 'post',
    path: '/customer/delete-account',
    tag: 'customer',
    access: 'customer',
    body: deleteAccountBodySchema,
    response: { description: 'Account erased; every session revoked', schema: okResponseSchema },
    handle: async (_input, ctx) => {
      const result = await deleteAccount(ctx.clientId, ctx.customerId);
      clearSessionCookie(ctx);
      return result;
    },
  }),
];
