import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '@/lib/domain/auth-rules';
import { VPA_MAX_LENGTH, VPA_PATTERN } from '@/lib/domain/vpa';
import { LOCALES } from '@/lib/shared/i18n';

// GET/PUT /api/customer/customer-profile, POST /api/customer/delete-account

export const addressSchema = z.object({
  fullAddress: z.string().max(300),
  city: z.string().max(80),
  country: z.string().max(80),
  state: z.string().max(80),
  pincode: z.string().max(12),
});
export const EMPTY_ADDRESS = { fullAddress: '', city: '', country: '', state: '', pincode: '' };

/** UPI id (virtual payment address): handle@bank */
export const vpaSchema = z
  .string()
  .trim()
  .max(VPA_MAX_LENGTH)
  .regex(VPA_PATTERN, 'must be a UPI id like name@bank');

export const customerProfileSchema = z.object({
  _id: z.string(),
  userName: z.string().nullable(),
  companyName: z.string().nullable(),
  gender: z.enum(['male', 'female']),
  dob: z.string().nullable(),
  vpa: z.string().nullable(),
  emailId: z.string().nullable(),
  mobileNoDetails: z.object({ mobileNo: z.string() }).nullable(),
  address: addressSchema,
  dataStatus: z.enum(['ACTIVE', 'DELETED']),
  hasPassword: z.boolean(),
  /** The language the customer chose with the switcher (docs/languages.md); null: never chosen. */
  language: z.enum(LOCALES).nullable(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** PUT /api/customer/language — the language the customer chose (one the brand offers). */
export const setLanguageBodySchema = z.object({ language: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }) }).strict();
export const languageResponseSchema = z.object({ language: z.enum(LOCALES) });

export const updateProfileBodySchema = z
  .object({
    userName: z.string().trim().min(1, 'is required').max(80).optional(),
    companyName: z.string().trim().max(120).nullable().optional(),
    gender: z.enum(['male', 'female']).optional(),
    dob: z.iso.date('must be a date like 1990-12-31').nullable().optional(),
    vpa: vpaSchema.nullable().optional(),
    address: addressSchema.partial().strict().optional(),
    /** Re-authentication for a new UPI id when the last sign-in is not recent (update-profile.ts). */
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .strict();

export const deleteAccountBodySchema = z
  .object({ confirm: z.literal('DELETE', { message: 'type DELETE to confirm' }), reason: z.string().max(500).optional() })
  .strict();
