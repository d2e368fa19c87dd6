import 'server-only';
import { z } from 'zod';
import { cliScope } from '@/lib/console/scope';
import { inviteStaff } from '@/lib/console/staff';
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
