import 'server-only';
import { defineRoute, FileAnswer } from '../define-route';
import { requestLocale } from '../request-locale';
import { clearSessionCookie, setLanguageCookie } from '../auth/cookie';
import { okResponseSchema } from '@/lib/schemas/auth';
import { customerProfileSchema, deleteAccountBodySchema, languageResponseSchema, setLanguageBodySchema, updateProfileBodySchema } from '@/lib/schemas/customer';
import { setLanguage } from './set-language';
import { getProfile } from './get-profile';
import { updateProfile } from './update-profile';
import { deleteAccount } from './delete-account';
import { myData } from './my-data';
import { myDataPdf } from './my-data-pdf';
import { myDataSchema } from '@/lib/schemas/my-data';

// The signed-in customer's own account.

export const customerProfileRoute = defineRoute({
  method: 'get',
  path: '/customer/customer-profile',
  tag: 'customer',
  access: 'customer',
  response: { description: 'The customer profile', schema: customerProfileSchema },
  handle: (_input, ctx) => getProfile(ctx.clientId, ctx.customerId),
});

// GET /api/customer/my-data — everything the brand holds about the customer, with the consents given (a download)
export const myDataRoute = defineRoute({
  method: 'get',
  path: '/customer/my-data',
  tag: 'customer',
  access: 'customer',
  description: "The customer's profile, products, warranties, complaints, rewards, payouts and consent records, as one document.",
  response: { description: 'Everything held about the customer', schema: myDataSchema },
  handle: (_input, ctx) => myData(ctx.clientId, ctx.customerId, ctx.client.organizationName),
});

// GET /api/customer/my-data/pdf — the same, as a readable PDF in the customer's language, times in the brand's zone
export const myDataPdfRoute = defineRoute({
  method: 'get',
  path: '/customer/my-data/pdf',
  tag: 'customer',
  access: 'customer',
  description: "Everything held about the customer, as GET /customer/my-data, laid out as a PDF (the customer's language; times in the brand's time zone).",
  response: { description: 'Everything held about the customer, as a PDF', files: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
  handle: async (_input, ctx) => {
    const data = await myData(ctx.clientId, ctx.customerId, ctx.client.organizationName);
    const pdf = await myDataPdf(data, { locale: requestLocale(ctx, data.profile.language), timeZone: ctx.config.locale.timeZone });
    return new FileAnswer(new Uint8Array(pdf).buffer, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.pdf"`,
      'cache-control': 'no-store',
    });
  },
});

export const customerRoutes = [
  myDataRoute,

  myDataPdfRoute,

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

  // PUT /api/customer/language — the language the customer chose (docs/languages.md); also this browser's cookie
  defineRoute({
    method: 'put',
    path: '/customer/language',
    tag: 'customer',
    access: 'customer',
    body: setLanguageBodySchema,
    response: { description: 'The language kept in the profile', schema: languageResponseSchema },
    handle: async ({ body }, ctx) => {
      const result = await setLanguage(ctx.clientId, ctx.customerId, body.language, ctx.config.locale.languages);
      setLanguageCookie(ctx, result.language);
      return result;
    },
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
