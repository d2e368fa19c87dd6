import 'server-only';
import { z } from 'zod';
import { cliScope } from '@/lib/console/scope';
import { inviteStaff } from '@/lib/console/staff';
import { resetSoleOwnerSecondFactor } from '@/lib/console/staff-admin';
import { consoleOrigin } from '@/lib/edge/console-host';
import { STAFF_ROLES } from '@/lib/domain/staff-roles';
import { requireBrand } from './brands';

// The brand console's staff from the command line (docs/console.md): the first owner of a brand
// is invited here; later ones by an owner in the console, through the same inviteStaff.

export const inviteStaffArgs = z
  .object({
    slug: z.string(),
    email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
    role: z.enum(STAFF_ROLES).default('owner'),
  })
  .strict();

export async function inviteStaffCommand(input: z.input<typeof inviteStaffArgs>) {
  const args = inviteStaffArgs.parse(input);
  const brand = await requireBrand(args.slug);
  const invitation = await inviteStaff(cliScope(brand.id, brand.slug), { email: args.email, role: args.role }, consoleOrigin());
  return { email: invitation.email, role: invitation.role, brand: brand.slug, link: invitation.link, expiresAt: invitation.expiresAt.toISOString() };
}

export const resetSecondFactorArgs = z
  .object({
    slug: z.string(),
    email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
  })
  .strict();

/**
 * The sole owner's way back in when both the authenticator and the recovery codes are lost
 * (docs/security.md): removes their second factor and ends their sessions; at the next sign-in,
 * with their password, they set up an authenticator again. Refused when the brand has another
 * enabled owner (who resets it in the console) or the address is not an owner of the brand.
 */
export async function resetSecondFactorCommand(input: z.input<typeof resetSecondFactorArgs>) {
  const args = resetSecondFactorArgs.parse(input);
  const brand = await requireBrand(args.slug);
  const reset = await resetSoleOwnerSecondFactor(cliScope(brand.id, brand.slug), args.email);
  return { brand: brand.slug, email: reset.email, sessionsEnded: reset.revoked, next: 'At the next sign-in, with their password, they set up an authenticator again and get new recovery codes.' };
}
