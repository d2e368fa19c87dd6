import { z } from 'zod';
import { LOCALES } from '@/lib/shared/i18n';
import { answeredFlagsShape, featureFlagsSchema } from './feature-flags';

// GET /api/client/clone-info — the brand configuration of product-spec section 3.

export const themeColorSchema = z.object({
  color: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  gradientAngle: z.number(),
  gradientBgColor: z.string(),
  gradientColor: z.string(),
});

export const uiDesignCriteriaSchema = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
  gradientAngle: z.number(),
  backgroundColor: z.string(),
  clientFavIcon: z.string().nullable(),
  clientLogo: z.string().nullable(),
  clientLogoBGColor: z.string(),
  isfooterIncluded: z.boolean(),
  isEmbeddingRequired: z.boolean(),
  embeddingURL: z.string().nullable(),
  embedding_App_Privacy_Policy_URL: z.string().nullable(),
  embedding_App_Terms_And_Conditions_URL: z.string().nullable(),
  themeColor: themeColorSchema,
  isOtpServiceEnabled: z.boolean(),
});

export const otpServicesSchema = z.object({
  is_No_Password_Flow_Enabled: z.boolean(),
  isOtpServiceEnabled: z.boolean(),
  isLoginOtpEnabled: z.boolean(),
  isRegistartionOtpEnabled: z.boolean(),
  is_UserName_Intake_Enabled: z.boolean(),
  isEmailServiceEnabled: z.boolean(),
  isMobileNoServiceEnabled: z.boolean(),
  // The second naming the spec lists for the same settings.
  isNoPasswordFlowEnabled: z.boolean(),
  isLoginOtpRequired: z.boolean(),
  isRegestrationOtpRequired: z.boolean(),
  isUserNameEnabled: z.boolean(),
  isEmailServiceOpted: z.boolean(),
  isMobileServiceOpted: z.boolean(),
});

export const cloneInfoSchema = z.object({
  masterClientId: z.string(),
  serviceStatus: z.enum(['Whitelisted', 'Blacklisted']),
  organizationName: z.string(),
  organizationType: z.enum(['Manufacturer', 'Retailer']),
  servicesEnabled: z.array(z.string()),
  banners: z.array(z.object({ image: z.string(), link: z.string().optional() })).nullable(),
  status: z.enum(['DEFAULT', 'LOADING', 'SUCCESS', 'FAILED']),
  // Every brand flag (isWarrantyEnabled, …), taken from the configuration's schema.
  ...answeredFlagsShape(featureFlagsSchema),
  complaintConfig: z.object({ priorities: z.array(z.string()) }),
  uiDesignCriteria: uiDesignCriteriaSchema,
  otpServices: otpServicesSchema,
  masterClientData: z.object({
    id: z.string(),
    serviceStatus: z.enum(['Whitelisted', 'Blacklisted']),
    isEmbeddingRequired: z.boolean(),
    embeddingURL: z.string().nullable(),
    embedPrivacyPolicyURL: z.string().nullable(),
    embedTermsURL: z.string().nullable(),
  }),
  /** The languages the brand offers (docs/languages.md), its default, and its customers' time zone. */
  languages: z.array(z.enum(LOCALES)).min(1),
  defaultLanguage: z.enum(LOCALES),
  timeZone: z.string(),
  footer: z.object({
    text: z.string(),
    links: z.array(z.object({ label: z.string(), href: z.string() })),
    officialSite: z.string().nullable(),
  }),
});
export type CloneInfo = z.infer<typeof cloneInfoSchema>;

export const embeddingUrlQuerySchema = z.object({ domain: z.string().min(1).max(253) }).strict();
export const embeddingUrlResponseSchema = z.array(
  z.object({ clientId: z.string(), embeddingURL: z.string().nullable(), isEmbeddingRequired: z.boolean() }),
);
