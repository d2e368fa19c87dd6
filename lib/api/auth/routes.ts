import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import type { AppContext, AppEnv } from '../context';
import { errorResponses } from '../openapi';
import {
  accessTokenResponseSchema,
  changePasswordBodySchema,
  contactStatusResponseSchema,
  loginBodySchema,
  okResponseSchema,
  resetPasswordBodySchema,
  sendOtpBodySchema,
  sendOtpResponseSchema,
  signedInResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  verifyContactBodySchema,
  verifyOtpBodySchema,
} from '@/lib/schemas/auth';
import { sendOtp } from './send-otp';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { verifyOtp } from './verify-otp';
import { resetPassword } from './reset-password';
import { changePassword } from './change-password';
import { generateAccessToken } from './generate-access-token';
import { logout } from './logout';
import { requireCustomer } from './require-customer';
import { confirmContact, contactStatus, sendVerifyCode } from './verify-contact';

// Customer accounts and sessions (DESIGN.md section 3). Routes are thin: schema, guard, one use case.

export const authRoutes = new OpenAPIHono<AppEnv>();

const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const answer = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const ctx = (c: unknown) => c as AppContext;

// POST /api/auth/customer/otp/send — send a code for LOGIN, SIGNUP, FORGOT PASSWORD or SIGNUP OR LOGIN
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/otp/send',
    tags: ['auth'],
    request: { body: json(sendOtpBodySchema) },
    responses: { 200: answer('Code sent (same answer whether or not an account exists)', sendOtpResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(sendOtpResponseSchema.parse(await sendOtp(ctx(c), c.req.valid('json'))), 200),
);

// POST /api/auth/customer/otp/verify — sign in with a code (LOGIN, SIGNUP OR LOGIN)
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/otp/verify',
    tags: ['auth'],
    request: { body: json(verifyOtpBodySchema) },
    responses: { 200: answer('Signed in; session cookie set', signedInResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(signedInResponseSchema.parse(await verifyOtp(ctx(c), c.req.valid('json'))), 200),
);

// POST /api/auth/customer/web/login — sign in with a password
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/web/login',
    tags: ['auth'],
    request: { body: json(loginBodySchema) },
    responses: { 200: answer('Signed in; session cookie set', signedInResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(signedInResponseSchema.parse(await signIn(ctx(c), c.req.valid('json'))), 200),
);

// POST /api/auth/customer/web/signup — create an account
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/web/signup',
    tags: ['auth'],
    request: { body: json(signupBodySchema) },
    responses: {
      201: answer('With a code: account created or confirmed and signed in, session cookie set. Without one: a code was sent to confirm the contact; nobody is signed in', signupResponseSchema),
      ...errorResponses,
    },
  }),
  async (c) => c.json(signupResponseSchema.parse(await signUp(ctx(c), c.req.valid('json'))), 201),
);

// POST /api/auth/customer/forgot-password/reset — set a new password with a FORGOT PASSWORD code
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/forgot-password/reset',
    tags: ['auth'],
    request: { body: json(resetPasswordBodySchema) },
    responses: { 200: answer('Password set; every session revoked', okResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(okResponseSchema.parse(await resetPassword(ctx(c), c.req.valid('json'))), 200),
);

// POST /api/auth/customer/change-password — signed in; new password, fresh session
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/change-password',
    tags: ['auth'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { body: json(changePasswordBodySchema) },
    responses: { 200: answer('Password changed; other sessions revoked; new session cookie set', signedInResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(signedInResponseSchema.parse(await changePassword(ctx(c), c.req.valid('json'))), 200),
);

// GET /api/auth/customer/web/generate-access-token — session cookie → access token
authRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/auth/customer/web/generate-access-token',
    tags: ['auth'],
    responses: { 200: answer('A short-lived access token for the session', accessTokenResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(accessTokenResponseSchema.parse(await generateAccessToken(ctx(c))), 200),
);

// POST /api/auth/customer/logout — empty body; revokes the session and clears the cookie
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/logout',
    tags: ['auth'],
    responses: { 200: answer('Signed out (also when there was no session)', okResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(okResponseSchema.parse(await logout(ctx(c))), 200),
);

// GET /api/auth/customer/contact-status — signed in; whether the contact is confirmed
authRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/auth/customer/contact-status',
    tags: ['auth'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    responses: { 200: answer('Whether the account’s contact is confirmed', contactStatusResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(contactStatusResponseSchema.parse(await contactStatus(ctx(c))), 200),
);

// POST /api/auth/customer/verify-contact/send — signed in, empty body; a code to the account's contact
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/verify-contact/send',
    tags: ['auth'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    responses: { 200: answer('Code sent to the account’s contact', sendOtpResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(sendOtpResponseSchema.parse(await sendVerifyCode(ctx(c))), 200),
);

// POST /api/auth/customer/verify-contact — signed in; the code confirms the contact
authRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/auth/customer/verify-contact',
    tags: ['auth'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { body: json(verifyContactBodySchema) },
    responses: { 200: answer('Contact confirmed', okResponseSchema), ...errorResponses },
  }),
  async (c) => c.json(okResponseSchema.parse(await confirmContact(ctx(c), c.req.valid('json'))), 200),
);
