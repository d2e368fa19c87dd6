import { z } from 'zod';

// Contracts of the account flows (DESIGN.md section 3). The four auth modes of the spec are one
// flow parameterised by mode.

export const AUTH_MODES = ['LOGIN', 'SIGNUP', 'FORGOT PASSWORD', 'SIGNUP OR LOGIN'] as const;
export const authModeSchema = z.enum(AUTH_MODES);
export type AuthMode = z.infer<typeof authModeSchema>;

export const channelSchema = z.enum(['mobile', 'email']);
export type Channel = z.infer<typeof channelSchema>;

import { normalizeMobile, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/domain/auth-rules';

export { normalizeMobile };

const emailSchema = z.email('must be a valid e-mail address').max(254).transform((e) => e.toLowerCase());
const mobileSchema = z
  .string()
  .max(20, 'must be a valid mobile number')
  .transform((v, ctx) => {
    const n = normalizeMobile(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'must be a valid mobile number, e.g. +919876543210' });
      return z.NEVER;
    }
    return n;
  });

/** channel + contact, with the contact validated and normalised for its channel. */
const contactFields = {
  channel: channelSchema,
  contact: z.string().min(1, 'contact is required').max(254),
};
function refineContact<T extends { channel: Channel; contact: string }>(v: T, ctx: z.RefinementCtx): T {
  const parsed = (v.channel === 'email' ? emailSchema : mobileSchema).safeParse(v.contact);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', path: ['contact'], message: parsed.error.issues[0]?.message ?? 'invalid contact' });
    return z.NEVER;
  }
  return { ...v, contact: parsed.data };
}

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);
export const otpCodeSchema = z.string().regex(/^\d{6}$/, 'must be the 6-digit code');
export const userNameSchema = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

// POST /api/auth/customer/otp/send
export const sendOtpBodySchema = z
  .object({ mode: authModeSchema, ...contactFields })
  .strict()
  .transform(refineContact);
export const sendOtpResponseSchema = z.object({
  sent: z.literal(true),
  channel: channelSchema,
  maskedContact: z.string(),
  expiresInSeconds: z.number(),
  resendAfterSeconds: z.number(),
});

// POST /api/auth/customer/web/login — password sign-in
export const loginBodySchema = z
  .object({ ...contactFields, password: z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH) })
  .strict()
  .transform(refineContact);

// POST /api/auth/customer/web/signup — otp required when the brand requires registration OTP
export const signupBodySchema = z
  .object({
    ...contactFields,
    password: passwordSchema.optional(),
    userName: userNameSchema.optional(),
    otp: otpCodeSchema.optional(),
  })
  .strict()
  .transform(refineContact);

// POST /api/auth/customer/otp/verify — OTP sign-in (LOGIN, SIGNUP OR LOGIN)
export const verifyOtpBodySchema = z
  .object({
    mode: z.enum(['LOGIN', 'SIGNUP OR LOGIN']),
    ...contactFields,
    otp: otpCodeSchema,
    userName: userNameSchema.optional(),
  })
  .strict()
  .transform(refineContact);

// POST /api/auth/customer/forgot-password/reset
export const resetPasswordBodySchema = z
  .object({ ...contactFields, otp: otpCodeSchema, password: passwordSchema })
  .strict()
  .transform(refineContact);

// POST /api/auth/customer/change-password — signed in (/reset-password screen)
export const changePasswordBodySchema = z
  .object({ currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(), newPassword: passwordSchema })
  .strict();

/** Answer of every call that signs the customer in (the session cookie comes with it). */
export const signedInResponseSchema = z.object({ customerId: z.string(), isNewCustomer: z.boolean() });
/** Sign-up: signed in (with a code), or a code was sent to confirm the contact (without one). */
export const signupResponseSchema = z.union([signedInResponseSchema, sendOtpResponseSchema]);

// GET /api/auth/customer/web/generate-access-token
export const accessTokenResponseSchema = z.object({ accessToken: z.string(), _id: z.string() });

export const okResponseSchema = z.object({ success: z.literal(true) });

// GET /api/auth/customer/contact-status — whether the signed-in account's contact is confirmed
export const contactStatusResponseSchema = z.object({
  contactVerified: z.boolean(),
  channel: channelSchema.nullable(),
  maskedContact: z.string().nullable(),
});
export type ContactStatus = z.infer<typeof contactStatusResponseSchema>;

// POST /api/auth/customer/verify-contact — the code sent by verify-contact/send
export const verifyContactBodySchema = z.object({ otp: otpCodeSchema }).strict();

// POST /api/auth/customer/change-contact/send — a code to the new sign-in e-mail or mobile number
export const changeContactSendBodySchema = z
  .object({ ...contactFields, currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional() })
  .strict()
  .transform(refineContact);

// POST /api/auth/customer/change-contact — the code sent to the new contact changes it
export const changeContactBodySchema = z
  .object({ ...contactFields, otp: otpCodeSchema })
  .strict()
  .transform(refineContact);
export const changeContactResponseSchema = z.object({ success: z.literal(true), channel: channelSchema, maskedContact: z.string() });
