import { z } from 'zod';
import { PRINTED_OVERT_ROUTES } from '@/lib/domain/qr-id';
import { DEFAULT_RETENTION_DAYS, DEFAULT_RISK_SETTINGS, RULE_LEVELS } from '@/lib/domain/risk';
import { featureFlagsSchema } from './feature-flags';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/shared/i18n';
import { DEFAULT_TIME_ZONE, validTimeZone } from '@/lib/shared/formats';
import { MESSAGE_KINDS } from '@/lib/domain/messages';

// The brand's configuration as the operator sets it (stored in clients.config), and the
// defaults the spec names (product-spec section 3). clone-info derives its answer from this.

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
/** A link the brand may store and the app may render: https, or http for a localhost name (no javascript:, data: or relative URL). */
export function isSafeLink(u: string): boolean {
  if (!URL.canParse(u)) return false;
  const { protocol, hostname } = new URL(u);
  return protocol === 'https:' || (protocol === 'http:' && /(^|\.)localhost$|^127\.0\.0\.1$/.test(hostname));
}
const LINK_MESSAGE = 'must be an https URL (http only for localhost)';
const httpsUrl = z.url({ message: LINK_MESSAGE }).max(2048).refine(isSafeLink, LINK_MESSAGE);
/**
 * A stored link as it is read: one that is not safe (stored before issue 28 refused them) reads
 * as none, so no page ever renders it; a change refuses it naming the field (the patch schema).
 */
const storedLink = z
  .string()
  .nullable()
  .transform((v) => (v !== null && isSafeLink(v) ? v : null));

// The flags live in their own small module (feature-flags.ts); exported here too, where the API's
// module guards and the operator's configuration look for them.
export { featureFlagsSchema, featureKeyOfFlag, FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from './feature-flags';

export const otpServicesConfigSchema = z.object({
  is_No_Password_Flow_Enabled: z.boolean().default(false),
  isOtpServiceEnabled: z.boolean().default(false),
  isLoginOtpEnabled: z.boolean().default(false),
  isRegistartionOtpEnabled: z.boolean().default(false),
  is_UserName_Intake_Enabled: z.boolean().default(true),
  isEmailServiceEnabled: z.boolean().default(true),
  isMobileNoServiceEnabled: z.boolean().default(false),
});
export type OtpServicesConfig = z.infer<typeof otpServicesConfigSchema>;

export const uiConfigSchema = z.object({
  primaryColor: hexColor.default('#1f4fd8'),
  secondaryColor: hexColor.default('#0d9488'),
  gradientAngle: z.number().min(0).max(360).default(90),
  backgroundColor: hexColor.default('#f8fafc'),
  clientFavIcon: storedLink.default(null),
  clientLogo: storedLink.default(null),
  clientLogoBGColor: hexColor.default('#ffffff'),
  isfooterIncluded: z.boolean().default(true),
  isEmbeddingRequired: z.boolean().default(false),
  embeddingURL: httpsUrl.nullable().default(null),
  embedding_App_Privacy_Policy_URL: httpsUrl.nullable().default(null),
  embedding_App_Terms_And_Conditions_URL: httpsUrl.nullable().default(null),
});

/** The risk assessment's settings (docs/verification.md, "Risk"; lib/domain/risk.ts). */
const count = (max: number) => z.number().int('must be a whole number').min(1, 'must be at least 1').max(max, `must be at most ${max}`);
const ruleLevel = z.enum(RULE_LEVELS, { error: "must be 'off', 'caution' or 'suspect'" });
const riskSettingsObject = z
  .object({
    cautionSessions: count(25).default(DEFAULT_RISK_SETTINGS.cautionSessions),
    suspectSessions: count(25).default(DEFAULT_RISK_SETTINGS.suspectSessions),
    placeKm: count(5000).default(DEFAULT_RISK_SETTINGS.placeKm),
    suspectPlaces: count(25).min(2, 'must be at least 2').default(DEFAULT_RISK_SETTINGS.suspectPlaces),
    windowDays: count(3650).default(DEFAULT_RISK_SETTINGS.windowDays),
    maxSpeedKmh: count(2000).default(DEFAULT_RISK_SETTINGS.maxSpeedKmh),
    consumedSessions: count(25).default(DEFAULT_RISK_SETTINGS.consumedSessions),
    /** New people checking a claimed unit more than consumedLateDays after its claim (docs/verification.md, "Rules"). */
    consumedLate: ruleLevel.default(DEFAULT_RISK_SETTINGS.consumedLate),
    consumedLateArrivals: count(25).default(DEFAULT_RISK_SETTINGS.consumedLateArrivals),
    consumedLateDays: count(365).default(DEFAULT_RISK_SETTINGS.consumedLateDays),
    /** The level of each of these rules, or 'off' (docs/verification.md, "Rules"). */
    afterSellBy: ruleLevel.default(DEFAULT_RISK_SETTINGS.afterSellBy),
    /** Days before its expiry date a pack should be sold by (0: the expiry date itself). */
    sellByDays: z.number().int('must be a whole number').min(0, 'must be at least 0').max(3650, 'must be at most 3650').default(DEFAULT_RISK_SETTINGS.sellByDays),
    covertBeforeSale: ruleLevel.default(DEFAULT_RISK_SETTINGS.covertBeforeSale),
    neverIssuedHere: ruleLevel.default(DEFAULT_RISK_SETTINGS.neverIssuedHere),
    destinationSessions: count(25).default(DEFAULT_RISK_SETTINGS.destinationSessions),
    /** Blacklist a unit's codes automatically when it becomes suspect (the brand can undo it). */
    autoBlacklist: z.boolean().default(false),
    /** Days raw scan data (each scan, each session's place) is kept; a job deletes older rows. */
    retentionDays: count(3650).min(30, 'must be at least 30').default(DEFAULT_RETENTION_DAYS),
  })
  .strict();
export const riskSettingsSchema = riskSettingsObject.refine((r) => r.suspectSessions >= r.cautionSessions, { message: 'must be at least cautionSessions', path: ['suspectSessions'] });
export type RiskConfig = z.infer<typeof riskSettingsSchema>;

/** How the brand's verification behaves (docs/verification.md). */
export const verificationSettingsSchema = z.object({
  /** A post-sale scan answers 'Scan pre sale first' until the customer has scanned the unit pre sale. */
  requirePreSaleScan: z.boolean().default(false),
  /**
   * Where printed overt codes point (exports, list-codes, the demo codes file): 'info', the
   * anonymous verdict a shopper sees without an account (default), or 'overt', the signed-in
   * pre-sale verdict, for brands that want every check tied to an account.
   */
  printedOvertRoute: z.enum(PRINTED_OVERT_ROUTES, { error: "must be 'info' or 'overt'" }).default('info'),
  /** The risk assessment beside each verdict; anything left out keeps its default. */
  risk: riskSettingsSchema.default(riskSettingsSchema.parse({})),
});

/**
 * GS1 Digital Link (docs/gs1.md): off, the brand's domain answers `/01/…` with 'Page not Found!';
 * on, it is a GS1-conformant resolver and the exports carry each unit's GS1 URI. `printedLinks`
 * picks the link the QR codes of the print-ready PDF encode: the qrId link (default) or the GS1
 * URI. `recallStatusUrl`: where the brand publishes recalls (the resolver's gs1:recallStatus).
 * `signUris`: printed unit URIs are signed (AI 8030) and a unit URI without a good signature is refused.
 */
export const PRINTED_LINK_KINDS = ['qrId', 'gs1'] as const;
const gs1SettingsFields = {
  enabled: z.boolean(),
  printedLinks: z.enum(PRINTED_LINK_KINDS, { error: "must be 'qrId' or 'gs1'" }),
  recallStatusUrl: httpsUrl.nullable(),
  /** Each printed unit URI carries the brand's Ed25519 signature (AI 8030, `?8030=`); every check verifies it and refuses a URI without a good one (docs/gs1.md). */
  signUris: z.boolean(),
};
export const gs1SettingsSchema = z.object({
  enabled: gs1SettingsFields.enabled.default(false),
  printedLinks: gs1SettingsFields.printedLinks.default('qrId'),
  recallStatusUrl: gs1SettingsFields.recallStatusUrl.default(null),
  signUris: gs1SettingsFields.signUris.default(false),
});
export type Gs1Settings = z.infer<typeof gs1SettingsSchema>;

/** Per priority name, whole hours (1 hour to a year). */
const complaintTargetHoursSchema = z.record(z.string().min(1).max(40), z.number().int('must be whole hours').min(1, 'must be at least 1 hour').max(8760, 'must be at most 8760 hours (a year)'));

/**
 * The languages the brand offers its customers and the one a visitor gets when the browser asks
 * for none of them, and the time zone its customers see times in (docs/languages.md).
 */
const languageListSchema = z
  .array(z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }))
  .min(1, 'must offer at least one language')
  .max(LOCALES.length)
  .refine((l) => new Set(l).size === l.length, { message: 'must not repeat a language' });
const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => validTimeZone(zone) === zone, { message: 'must be an IANA time zone such as Asia/Kolkata' });
export const localeSettingsObject = z.object({
  languages: languageListSchema.default([...LOCALES]),
  defaultLanguage: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` }).default(DEFAULT_LOCALE),
  timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
});
const localeSettingsSchema = localeSettingsObject.refine((l) => l.languages.includes(l.defaultLanguage), {
  message: 'must be one of the offered languages',
  path: ['defaultLanguage'],
});

/**
 * Messages to customers (issue 31, docs/messages.md): the DLT template id of each kind's SMS (Indian
 * carriers drop a commercial SMS without its registered template), and WhatsApp Business Cloud API
 * when the brand has it: its phone number id, access token, Graph API version and the approved
 * template name of each kind in each language (a kind or language without one goes by SMS).
 */
const kindRecord = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(MESSAGE_KINDS), value);
/** Indian DLT template ids are 19 digits; other registries' ids of 10 to 25 digits are kept too. */
const dltTemplateId = z.string().regex(/^[0-9]{10,25}$/, 'must be the DLT template id: 10 to 25 digits (19 in India)');
const waTemplateName = z.string().regex(/^[a-z0-9_]{1,512}$/, 'must be an approved template name: lower-case letters, digits and _');
const waToken = z.string({ error: 'must be the access token (it is not saved yet)' }).min(20, 'must be the access token: at least 20 characters').max(1000);
/** The app secret signs the Cloud API's status callbacks (X-Hub-Signature-256); the verify token answers its handshake. */
const waAppSecret = z.string().min(16, 'must be the app secret: at least 16 characters').max(200);
const waVerifyToken = z.string().min(16, 'must be at least 16 characters').max(200);
export const whatsAppSettingsSchema = z
  .object({
    phoneNumberId: z.string({ error: 'must be the WhatsApp phone number id (digits)' }).regex(/^[0-9]{5,30}$/, 'must be the WhatsApp phone number id (digits)'),
    token: waToken,
    version: z.string().regex(/^[0-9]{1,3}\.[0-9]{1,2}$/, 'must be a Graph API version such as 21.0').default('21.0'),
    templates: kindRecord(z.partialRecord(z.enum(LOCALES), waTemplateName)).default({}),
    /** Delivery receipts (docs/messages.md "Delivery receipts"): without both, the brand's webhook answers 404. */
    appSecret: waAppSecret.nullable().default(null),
    verifyToken: waVerifyToken.nullable().default(null),
  })
  .strict();
export type WhatsAppSettings = z.infer<typeof whatsAppSettingsSchema>;
/** The secrets of `messaging.whatsapp`: written, never read back (staff see the last 4 characters). */
export const WHATSAPP_SECRETS = ['token', 'appSecret', 'verifyToken'] as const;
/**
 * A secret as a change gives it: left out or blank keeps the saved one (applyConfigPatch); its
 * masked form (as read, `****…abcd`) is refused rather than saved over the real one.
 */
const secretInput = (schema: z.ZodString) =>
  z
    .string()
    .trim()
    .refine((v) => !v.includes('*'), { message: 'must be the secret itself, not its masked form (leave it blank to keep the saved one)' })
    .pipe(z.union([z.literal(''), schema]))
    .optional();
const whatsAppPatchSchema = whatsAppSettingsSchema.extend({
  token: secretInput(waToken),
  appSecret: secretInput(waAppSecret).nullable(),
  verifyToken: secretInput(waVerifyToken).nullable(),
});
export const messagingSettingsObject = z.object({
  smsDltTemplates: kindRecord(dltTemplateId).default({}),
  whatsapp: whatsAppSettingsSchema.nullable().default(null),
});
const messagingPatchSchema = z
  .object({ smsDltTemplates: kindRecord(dltTemplateId), whatsapp: whatsAppPatchSchema.nullable() })
  .partial()
  .strict();
export type MessagingSettings = z.infer<typeof messagingSettingsObject>;

/** Banners as a change gives them: image and link safe links (isSafeLink). */
const bannersInputSchema = z
  .array(z.object({ image: httpsUrl, link: httpsUrl.optional() }).strict())
  .max(10)
  .nullable();
/** Banners as read: a banner whose image is not a safe link is left out, an unsafe link dropped. */
const bannersSchema = z
  .array(z.object({ image: z.string(), link: z.string().optional() }).strict())
  .max(10)
  .nullable()
  .transform((list) =>
    list === null ? null : list.filter((b) => isSafeLink(b.image)).map((b) => (b.link === undefined || isSafeLink(b.link) ? b : { image: b.image })),
  );
const footerLinkInput = z.object({ label: z.string().min(1).max(60), href: httpsUrl });

export const storedClientConfigSchema = z
  .object({
    ui: uiConfigSchema.default(uiConfigSchema.parse({})),
    flags: featureFlagsSchema.default(featureFlagsSchema.parse({})),
    otpServices: otpServicesConfigSchema.default(otpServicesConfigSchema.parse({})),
    complaintConfig: z
      .object({
        priorities: z.array(z.string().min(1).max(40)).max(10).default(['Low', 'Medium', 'High']),
        /** Hours a ticket of a priority may wait before the console shows it overdue; unset: complaintTargetHours' defaults. */
        targetHours: complaintTargetHoursSchema.default({}),
      })
      .default({ priorities: ['Low', 'Medium', 'High'], targetHours: {} }),
    banners: bannersSchema.default(null),
    verification: verificationSettingsSchema.default(verificationSettingsSchema.parse({})),
    locale: localeSettingsSchema.default(localeSettingsSchema.parse({})),
    gs1: gs1SettingsSchema.default(gs1SettingsSchema.parse({})),
    messaging: messagingSettingsObject.default(messagingSettingsObject.parse({})),
    footer: z
      .object({
        text: z.string().max(500).default(''),
        links: z
          .array(z.object({ label: z.string().min(1).max(60), href: z.string() }))
          .max(10)
          .default([])
          .transform((links) => links.filter((l) => isSafeLink(l.href))),
        officialSite: httpsUrl.nullable().default(null),
      })
      .default({ text: '', links: [], officialSite: null }),
  })
  .refine((c) => !c.ui.isEmbeddingRequired || c.ui.embeddingURL, {
    message: 'embeddingURL is required when isEmbeddingRequired is true',
    path: ['ui', 'embeddingURL'],
  });
export type StoredClientConfig = z.infer<typeof storedClientConfigSchema>;

/** A field's schema without its default (a default inside a patch would overwrite the stored value). */
type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? WithoutDefault<Inner> : T;
function withoutDefault<T extends z.ZodType>(field: T): WithoutDefault<T> {
  let inner: z.ZodType = field;
  while (inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner as WithoutDefault<T>;
}

/**
 * The patch of one group of the configuration: each field optional, strict, and without its
 * default. zod 4's `.partial()` keeps a field's default and fills it in for a field the patch
 * leaves out, so a patch of one flag would reset every other flag of the group to its default;
 * here a field left out stays out, and applyConfigPatch keeps its stored value.
 */
function groupPatch<S extends z.ZodRawShape>(group: z.ZodObject<S>) {
  const shape = Object.fromEntries(Object.entries(group.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType)])) as unknown as { [K in keyof S]: WithoutDefault<S[K]> };
  return z.object(shape).partial().strict();
}

/**
 * A partial configuration as the operator writes it (the console's settings, `npm run brand --
 * set-config`): anything left out keeps its value. No field here has a default (groupPatch);
 * applyConfigPatch merges the patch over the stored configuration and checks the whole result.
 */
export const clientConfigPatchSchema = z
  .object({
    ui: groupPatch(uiConfigSchema.extend({ clientFavIcon: httpsUrl.nullable(), clientLogo: httpsUrl.nullable() })),
    flags: groupPatch(featureFlagsSchema),
    otpServices: groupPatch(otpServicesConfigSchema),
    complaintConfig: z.object({ priorities: z.array(z.string().min(1).max(40)).min(1).max(10), targetHours: complaintTargetHoursSchema }).partial().strict(),
    banners: bannersInputSchema,
    verification: groupPatch(verificationSettingsSchema.extend({ risk: groupPatch(riskSettingsObject) })),
    locale: groupPatch(localeSettingsObject),
    gs1: groupPatch(gs1SettingsSchema),
    messaging: messagingPatchSchema,
    footer: z
      .object({
        text: z.string().max(500),
        links: z.array(footerLinkInput).max(10),
        officialSite: httpsUrl.nullable(),
      })
      .partial()
      .strict(),
    organizationName: z.string().min(1).max(120),
    organizationType: z.enum(['Manufacturer', 'Retailer']),
  })
  .partial()
  .strict();
export type ClientConfigPatch = z.infer<typeof clientConfigPatchSchema>;

export function defaultClientConfig(): StoredClientConfig {
  return storedClientConfigSchema.parse({});
}

/** Applies a patch and validates the whole result (throws ZodError naming the field). */
export function applyConfigPatch(current: StoredClientConfig, patch: ClientConfigPatch): StoredClientConfig {
  return storedClientConfigSchema.parse({
    ui: { ...current.ui, ...patch.ui },
    flags: { ...current.flags, ...patch.flags },
    otpServices: { ...current.otpServices, ...patch.otpServices },
    complaintConfig: { ...current.complaintConfig, ...patch.complaintConfig },
    banners: patch.banners === undefined ? current.banners : patch.banners,
    verification: { ...current.verification, ...patch.verification, risk: { ...current.verification.risk, ...patch.verification?.risk } },
    locale: { ...current.locale, ...patch.locale },
    gs1: { ...current.gs1, ...patch.gs1 },
    messaging: messagingOf(current.messaging, patch.messaging),
    footer: { ...current.footer, ...patch.footer },
  });
}

/**
 * The messaging settings a patch leaves: its WhatsApp settings replace the saved ones whole,
 * except a secret left out or blank, which keeps its saved value (null clears the two receipt secrets).
 */
function messagingOf(current: MessagingSettings, patch: ClientConfigPatch['messaging']): unknown {
  if (!patch) return current;
  if (!patch.whatsapp) return { ...current, ...patch };
  const saved = current.whatsapp;
  const kept = (key: (typeof WHATSAPP_SECRETS)[number]) => {
    const given = patch.whatsapp?.[key];
    if (given === null) return null;
    return given === undefined || given === '' ? (saved?.[key] ?? undefined) : given;
  };
  return { ...current, ...patch, whatsapp: { ...patch.whatsapp, token: kept('token'), appSecret: kept('appSecret') ?? null, verifyToken: kept('verifyToken') ?? null } };
}
