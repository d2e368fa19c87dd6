import { z } from 'zod';

// The brand's feature flags (product-spec section 3): the one list. The stored configuration
// (client-config.ts), the clone-info answer (client.ts), the page gate
// (components/pages/module-screen.server.tsx) and the API's module guards all take their flags from
// here, so a flag added to this schema reaches clone-info by itself. Small and free of other
// imports: the browser and the Edge middleware load it too.

export const featureFlagsSchema = z.object({
  isWarrantyEnabled: z.boolean().default(false),
  isLoyalityProgramEnabled: z.boolean().default(false),
  isDataAnalyticsEnabled: z.boolean().default(false),
  isLocationConversionEnabled: z.boolean().default(false),
  isTrackingEnabled: z.boolean().default(false),
  isRedFlaggingEnabled: z.boolean().default(false),
  isComplaintManagementEnabled: z.boolean().default(false),
  isQrSerializationEnabled: z.boolean().default(true),
  isVTCodesEnabled: z.boolean().default(false),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;
export type FeatureFlag = keyof FeatureFlags;

/** Every flag, in the schema's order. */
export const FEATURE_FLAGS = Object.keys(featureFlagsSchema.shape) as FeatureFlag[];

/** Feature key (spec section 1) for each flag; anti_counterfeiting is always on. */
export const featureKeyOfFlag: Record<FeatureFlag, string> = {
  isWarrantyEnabled: 'warranty',
  isLoyalityProgramEnabled: 'loyalty_program',
  isDataAnalyticsEnabled: 'data_analytics',
  isLocationConversionEnabled: 'location_conversion',
  isTrackingEnabled: 'tracking',
  isRedFlaggingEnabled: 'red_flagging',
  isComplaintManagementEnabled: 'complaint_management',
  isQrSerializationEnabled: 'qr_serialization',
  isVTCodesEnabled: 'authentication_codes',
};

/**
 * The flags as an answer carries them (clone-info): every flag of `schema`, each a plain
 * boolean that must be present. Built from the schema, so no flag can be left out or misspelt.
 */
export function answeredFlagsShape<S extends z.ZodRawShape>(schema: z.ZodObject<S>): { [K in keyof S]: z.ZodBoolean } {
  return Object.fromEntries(Object.keys(schema.shape).map((flag) => [flag, z.boolean()])) as { [K in keyof S]: z.ZodBoolean };
}
