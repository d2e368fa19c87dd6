import { z } from 'zod';
import { listFilterShape, rangeInOrder, sortField } from './console-list';
import { PASSWORD_MAX_LENGTH } from '@/lib/domain/auth-rules';
import { AUDIT_KINDS } from '@/lib/domain/security-events';
import { STAFF_ROLES } from '@/lib/domain/staff-roles';

// The brand console's API contracts (/api/console/..., docs/console.md), shared by the API and
// the console's screens.

/** A brand's slug as it appears in console paths. */
export const brandSlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be a brand slug');

/**
 * The params of every `/console/brands/{brand}/...` route: extend it for more path params
 * (`consoleBrandParams.extend({ ticketId: z.string() })`). The staff access class reads `brand`.
 */
export const consoleBrandParams = z.object({ brand: brandSlugSchema });

/** The brand's products a list filters by (id and name, by name), answered with the list. */
export const productChoicesSchema = z.array(z.object({ id: z.string(), name: z.string() }).strict());

/** The actions and actors the brand's audit log holds, to filter it by. */
export const auditFilterChoicesSchema = z.object({ actions: z.array(z.string()), actors: z.array(z.string()) }).strict();

const email = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an e-mail address'))
  .transform((e) => e.toLowerCase());
const password = z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);
const token = z.string().min(1, 'is required').max(200, 'is not a valid link');

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const organizationTypeSchema = z.enum(['Manufacturer', 'Retailer']);

/** POST /api/console/sign-in */
export const consoleSignInBodySchema = z.object({ email, password }).strict();

/** What comes after a step of signing in: the second factor, enrolling an authenticator, or nothing (signed in). */
export const consoleNextSchema = z.object({ next: z.enum(['second-factor', 'enrol', 'done']) });
export type ConsoleNext = z.infer<typeof consoleNextSchema>['next'];

/** POST /api/console/second-factor, POST /api/console/totp/confirm */
export const totpCodeBodySchema = z
  .object({ code: z.string().trim().regex(/^\d{6}$/, 'must be the 6-digit code from your authenticator app') })
  .strict();

/** POST /api/console/totp/confirm: signed in, with the account's ten recovery codes, shown this once. */
export const totpConfirmedSchema = consoleNextSchema.extend({ recoveryCodes: z.array(z.string()) });

/** POST /api/console/second-factor/recovery — a recovery code instead of the authenticator's code. */
export const recoveryCodeBodySchema = z
  .object({
    recoveryCode: z
      .string()
      .trim()
      .min(1, 'enter one of your recovery codes')
      .max(40, 'is longer than a recovery code')
      .regex(/^[A-Za-z0-9 -]+$/, 'must be a recovery code: letters, digits and dashes'),
  })
  .strict();
/** Signed in by a recovery code, and how many unused codes are left. */
export const recoverySignInSchema = consoleNextSchema.extend({ remaining: z.number().int() });
/** GET /api/console/recovery-codes */
export const recoveryCodesStatusSchema = z.object({ remaining: z.number().int() });
/** POST /api/console/recovery-codes — a new set; the old codes stop working. Shown this once. */
export const recoveryCodesIssuedSchema = z.object({ codes: z.array(z.string()), remaining: z.number().int() });

/** POST /api/console/totp/enrol: the new secret, for the authenticator app (QR code and text). */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri`, as an SVG document. */
  qrSvg: z.string(),
});

export const membershipSchema = z.object({
  slug: z.string(),
  name: z.string(),
  organizationType: organizationTypeSchema,
  role: staffRoleSchema,
});
export type MembershipView = z.infer<typeof membershipSchema>;

/** GET /api/console/me */
export const consoleMeSchema = z.object({
  staff: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  memberships: z.array(membershipSchema),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

/** POST /api/console/invitations/accept */
export const acceptInvitationBodySchema = z
  .object({ token, name: z.string().trim().max(120, 'must be at most 120 characters').default(''), password })
  .strict();
export const acceptInvitationResponseSchema = consoleNextSchema.extend({ brand: z.string() });

/** POST /api/console/password-reset */
export const passwordResetRequestBodySchema = z.object({ email }).strict();
export const PASSWORD_RESET_SENT = 'If that address belongs to a console account, a link to reset its password is on its way. It works for 1 hour.';
export const messageResponseSchema = z.object({ message: z.string() });

/** POST /api/console/password-reset/confirm */
export const passwordResetConfirmBodySchema = z.object({ token, password }).strict();

export const okSchema = z.object({ ok: z.literal(true) });

/** GET /api/console/brands/{brand}/staff — the brand's staff and open invitations. */
export const staffListSchema = z.object({
  members: z.array(
    z.object({
      staffId: z.string(),
      email: z.string(),
      name: z.string(),
      role: staffRoleSchema,
      joinedAt: z.iso.datetime(),
      lastSignInAt: z.iso.datetime().nullable(),
      /** When the member was disabled at this brand (null: enabled). */
      disabledAt: z.iso.datetime().nullable(),
      /** Whether the member's account has an authenticator set up. */
      secondFactor: z.boolean(),
    }),
  ),
  invitations: z.array(z.object({ email: z.string(), role: staffRoleSchema, invitedAt: z.iso.datetime(), expiresAt: z.iso.datetime() })),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/console/brands/{brand}/staff/invitations — invite (or invite again) an e-mail with a role. */
export const inviteStaffBodySchema = z.object({ email, role: staffRoleSchema }).strict();
export const cancelInvitationBodySchema = z.object({ email }).strict();
export const cancelledInvitationSchema = z.object({ email: z.string(), cancelled: z.literal(true) });
export const invitationResponseSchema = z.object({ email: z.string(), role: staffRoleSchema, expiresAt: z.iso.datetime() });

const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid id');

/** /api/console/brands/{brand}/staff/{staffId}... */
export const staffMemberParams = consoleBrandParams.extend({ staffId: idSchema });
export const staffSessionParams = staffMemberParams.extend({ sessionId: idSchema });

/** PATCH /api/console/brands/{brand}/staff/{staffId} */
export const changeRoleBodySchema = z.object({ role: staffRoleSchema }).strict();
export const staffMemberSchema = z.object({ staffId: z.string(), email: z.string(), role: staffRoleSchema });

/** POST …/staff/{staffId}/disable and …/enable: the member's state at this brand, and how many of their sessions ended. */
export const memberDisabledSchema = z.object({ staffId: z.string(), email: z.string(), disabled: z.boolean(), revoked: z.number().int() });
/** POST …/staff/{staffId}/second-factor/reset: the authenticator and recovery codes are gone; every session ended. */
export const secondFactorResetSchema = z.object({ staffId: z.string(), email: z.string(), revoked: z.number().int() });

export const staffSessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Own sessions: whether it is the one making the request. */
  current: z.boolean().optional(),
});
export type StaffSessionView = z.infer<typeof staffSessionSchema>;
export const staffSessionsSchema = z.object({ sessions: z.array(staffSessionSchema) });
export const revokedSchema = z.object({ revoked: z.number().int() });

/** GET /api/console/sessions/{sessionId}: one of one's own sessions. */
export const ownSessionParams = z.object({ sessionId: idSchema });

/** GET /api/console/brands/{brand}/audit */
/** The columns the audit log sorts by (the table kit): when, action, who. Newest first by default. */
export const AUDIT_SORTS = ['at', 'action', 'actor'] as const;

const auditFilterShape = {
  sort: sortField(AUDIT_SORTS, '-at'),
  action: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  actor: z.string().trim().min(1).max(254, 'must be at most 254 characters').optional(),
  /** A kind of security event, or `security` for all of them (lib/domain/security-events.ts). */
  kind: z.enum(AUDIT_KINDS, { message: `must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
  /** Entries of these UTC days (both counted). */
  from: listFilterShape.from,
  to: listFilterShape.to,
};
export const auditQuerySchema = z
  .object({
    ...auditFilterShape,
    cursor: z.string().max(200, 'is not a cursor of this list').optional(),
    limit: z.coerce.number().int('must be a whole number').min(1, 'must be from 1 to 200').max(200, 'must be from 1 to 200').optional(),
  })
  .strict()
  .superRefine(rangeInOrder);
/** GET /api/console/brands/{brand}/audit.csv: the same filters, every entry. */
export const auditExportQuerySchema = z.object(auditFilterShape).strict().superRefine(rangeInOrder);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;
export const auditPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      target: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      /** What changed, field by field (dotted paths; values as JSON, null where not set on that side). */
      changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    }),
  ),
  nextCursor: z.string().nullable(),
  /** How many entries the filters match (every page of them). */
  total: z.number().int(),
});
export type AuditPageView = z.infer<typeof auditPageSchema>;
