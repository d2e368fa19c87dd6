import 'server-only';
import { defineRoute } from '../define-route';
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
  changeContactBodySchema,
  changeContactResponseSchema,
  changeContactSendBodySchema,
} from '@/lib/schemas/auth';
import { sendOtp } from './send-otp';
import { signIn } from './sign-in';
import { signUp } from './sign-up';
import { verifyOtp } from './verify-otp';
import { resetPassword } from './reset-password';
import { changePassword } from './change-password';
import { generateAccessToken } from './generate-access-token';
import { logout } from './logout';
import { confirmContact, contactStatus, sendVerifyCode } from './verify-contact';
import { changeContact, sendChangeContactCode } from './change-contact';

// Customer accounts and sessions (DESIGN.md section 3). One declaration per endpoint, one use case each.

export const authRoutes = [
  // POST /api/auth/customer/otp/send — send a code for LOGIN, SIGNUP, FORGOT PASSWORD or SIGNUP OR LOGIN
  defineRoute({
    method: 'post',
    path: '/auth/customer/otp/send',
    tag: 'auth',
    access: 'brand',
    body: sendOtpBodySchema,
    response: { description: 'Code sent (same answer whether or not an account exists)', schema: sendOtpResponseSchema },
    handle: ({ body }, ctx) => sendOtp(ctx, body),
  }),

  // POST /api/auth/customer/otp/verify — sign in with a code (LOGIN, SIGNUP OR LOGIN)
  defineRoute({
    method: 'post',
    path: '/auth/customer/otp/verify',
    tag: 'auth',
    access: 'brand',
    body: verifyOtpBodySchema,
    response: { description: 'Signed in; session cookie set', schema: signedInResponseSchema },
    handle: ({ body }, ctx) => verifyOtp(ctx, body),
  }),

  // POST /api/auth/customer/web/login — sign in with a password
  defineRoute({
    method: 'post',
    path: '/auth/customer/web/login',
    tag: 'auth',
    access: 'brand',
    body: loginBodySchema,
    response: { description: 'Signed in; session cookie set', schema: signedInResponseSchema },
    handle: ({ body }, ctx) => signIn(ctx, body),
  }),

  // POST /api/auth/customer/web/signup — create an account
  defineRoute({
    method: 'post',
    path: '/auth/customer/web/signup',
    tag: 'auth',
    access: 'brand',
    body: signupBodySchema,
    response: {
      status: 201,
      description:
        'With a code: account created or confirmed and signed in, session cookie set. Without one: a code was sent to confirm the contact; nobody is signed in',
      schema: signupResponseSchema,
    },
    handle: ({ body }, ctx) => signUp(ctx, body),
  }),

  // POST /api/auth/customer/forgot-password/reset — set a new password with a FORGOT PASSWORD code
  defineRoute({
    method: 'post',
    path: '/auth/customer/forgot-password/reset',
    tag: 'auth',
    access: 'brand',
    body: resetPasswordBodySchema,
    response: { description: 'Password set; every session revoked', schema: okResponseSchema },
    handle: ({ body }, ctx) => resetPassword(ctx, body),
  }),

  // POST /api/auth/customer/change-password — signed in; new password, fresh session
  defineRoute({
    method: 'post',
    path: '/auth/customer/change-password',
    tag: 'auth',
    access: 'customer',
    body: changePasswordBodySchema,
    response: { description: 'Password changed; other sessions revoked; new session cookie set', schema: signedInResponseSchema },
    handle: ({ body }, ctx) => changePassword(ctx, body),
  }),

  // GET /api/auth/customer/web/generate-access-token — session cookie → access token
  defineRoute({
    method: 'get',
    path: '/auth/customer/web/generate-access-token',
    tag: 'auth',
    access: 'brand',
    response: { description: 'A short-lived access token for the session', schema: accessTokenResponseSchema },
    handle: (_input, ctx) => generateAccessToken(ctx),
  }),

  // POST /api/auth/customer/logout — empty body; revokes the session and clears the cookie
  defineRoute({
    method: 'post',
    path: '/auth/customer/logout',
    tag: 'auth',
    access: 'brand',
    response: { description: 'Signed out (also when there was no session)', schema: okResponseSchema },
    handle: (_input, ctx) => logout(ctx),
  }),

  // GET /api/auth/customer/contact-status — signed in; whether the contact is confirmed
  defineRoute({
    method: 'get',
    path: '/auth/customer/contact-status',
    tag: 'auth',
    access: 'customer',
    response: { description: 'Whether the account’s contact is confirmed', schema: contactStatusResponseSchema },
    handle: (_input, ctx) => contactStatus(ctx),
  }),

  // POST /api/auth/customer/verify-contact/send — signed in, empty body; a code to the account's contact
  defineRoute({
    method: 'post',
    path: '/auth/customer/verify-contact/send',
    tag: 'auth',
    access: 'customer',
    response: { description: 'Code sent to the account’s contact', schema: sendOtpResponseSchema },
    handle: (_input, ctx) => sendVerifyCode(ctx),
  }),

  // POST /api/auth/customer/verify-contact — signed in; the code confirms the contact
  defineRoute({
    method: 'post',
    path: '/auth/customer/verify-contact',
    tag: 'auth',
    access: 'customer',
    body: verifyContactBodySchema,
    response: { description: 'Contact confirmed', schema: okResponseSchema },
    handle: ({ body }, ctx) => confirmContact(ctx, body),
  }),

  // POST /api/auth/customer/change-contact/send — signed in; a code to the new sign-in e-mail or mobile number
  defineRoute({
    method: 'post',
    path: '/auth/customer/change-contact/send',
    tag: 'auth',
    access: 'customer',
    body: changeContactSendBodySchema,
    response: { description: 'Code sent to the new contact', schema: sendOtpResponseSchema },
    handle: ({ body }, ctx) => sendChangeContactCode(ctx, body),
  }),

  // POST /api/auth/customer/change-contact — signed in; the code sent to the new contact changes it
  defineRoute({
    method: 'post',
    path: '/auth/customer/change-contact',
    tag: 'auth',
    access: 'customer',
    body: changeContactBodySchema,
    response: { description: 'Contact changed; every other session ended, this browser signed in again', schema: changeContactResponseSchema },
    handle: ({ body }, ctx) => changeContact(ctx, body),
  }),
];
