import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { clients, clientDomains } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { brandDomainInput } from '@/lib/schemas/console-money';
import { randomId } from '@/lib/ids';
import { forgetCachedClients } from '@/lib/brands/find-client';
import { applyConfigPatch, clientConfigPatchSchema, defaultClientConfig } from '@/lib/schemas/client-config';
import { cliScope } from '@/lib/console/scope';
import { addDomain, approveDomain, removeDomain, updateSettings } from '@/lib/console/settings';

// Brand administration used by the operator command line (npm run brand) and the seed.

const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be 2-40 lower-case letters, digits or dashes');
const domainSchema = brandDomainInput;

export const createBrandArgs = z
  .object({
    slug: slugSchema,
    name: z.string().trim().min(1).max(120),
    type: z.enum(['Manufacturer', 'Retailer']).default('Manufacturer'),
    domains: z.array(domainSchema).min(1, 'at least one domain is required').max(20),
    config: clientConfigPatchSchema.optional(),
  })
  .strict();

export async function createBrand(input: z.input<typeof createBrandArgs>) {
  const args = createBrandArgs.parse(input);
  const db = await getDb();
  const config = applyConfigPatch(defaultClientConfig(), args.config ?? {});
  const created = await db.transaction(async (tx) => {
    const taken = await tx.select().from(clientDomains).where(inArray(clientDomains.domain, args.domains));
    if (taken.length) throw new ApiError('conflict', `Domain already serves a brand: ${taken.map((t) => t.domain).join(', ')}`);
    const existing = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, args.slug));
    if (existing.length) throw new ApiError('conflict', `A brand with slug ${args.slug} exists`);
    const id = randomId('cl', 16);
    await tx.insert(clients).values({
      id,
      slug: args.slug,
      organizationName: args.config?.organizationName ?? args.name,
      organizationType: args.config?.organizationType ?? args.type,
      config,
    });
    await tx.insert(clientDomains).values(args.domains.map((domain) => ({ domain, clientId: id })));
    return { id, slug: args.slug, name: args.name, domains: args.domains };
  });
  forgetCachedClients();
  return created;
}

export async function requireBrand(slug: string) {
  const db = await getDb();
  const [row] = await db.select().from(clients).where(eq(clients.slug, slugSchema.parse(slug)));
  if (!row) throw new ApiError('not_found', `No brand with slug ${slug}`);
  return row;
}

/** The command line acting on the brand of `slug`, for the console's use cases (lib/console). */
export async function brandScope(slug: string) {
  const brand = await requireBrand(slug);
  return cliScope(brand.id, brand.slug);
}

export const setConfigArgs = z.object({ slug: slugSchema, config: clientConfigPatchSchema }).strict();

/** The command line's set-config: the console's settings use case, acting as the command line. */
export async function setBrandConfig(input: z.input<typeof setConfigArgs>) {
  const args = setConfigArgs.parse(input);
  const brand = await requireBrand(args.slug);
  const settings = await updateSettings(cliScope(brand.id, brand.slug), args.config);
  return { slug: args.slug, config: settings.config };
}

export async function listBrands() {
  const db = await getDb();
  const rows = await db.select().from(clients).orderBy(clients.createdAt);
  const domains = await db.select().from(clientDomains);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.organizationName,
    type: r.organizationType,
    serviceStatus: r.serviceStatus,
    domains: domains.filter((d) => d.clientId === r.id && d.status === 'serving').map((d) => d.domain).sort(),
    pendingDomains: domains.filter((d) => d.clientId === r.id && d.status === 'pending').map((d) => d.domain).sort(),
  }));
}

export const setStatusArgs = z.object({ slug: slugSchema, status: z.enum(['Whitelisted', 'Blacklisted']) }).strict();

export async function setBrandStatus(input: z.input<typeof setStatusArgs>) {
  const args = setStatusArgs.parse(input);
  const brand = await requireBrand(args.slug);
  const db = await getDb();
  await db.update(clients).set({ serviceStatus: args.status, updatedAt: new Date() }).where(eq(clients.id, brand.id));
  forgetCachedClients();
  return { slug: args.slug, serviceStatus: args.status };
}

export const domainArgs = z.object({ slug: slugSchema, domain: domainSchema }).strict();

export async function addBrandDomain(input: z.input<typeof domainArgs>) {
  const args = domainArgs.parse(input);
  const brand = await requireBrand(args.slug);
  await addDomain(cliScope(brand.id, brand.slug), args.domain, { serving: true });
  return { slug: args.slug, domain: args.domain };
}

/** Approves a domain the brand's staff added in the console (pending until then): it serves the brand from now on. */
export async function approveBrandDomain(input: z.input<typeof domainArgs>) {
  const args = domainArgs.parse(input);
  const brand = await requireBrand(args.slug);
  await approveDomain(cliScope(brand.id, brand.slug), args.domain);
  return { slug: args.slug, domain: args.domain, status: 'serving' };
}

/** The command line may remove a brand's last domain (a retired demo brand, say); the console may not. */
export async function removeBrandDomain(input: z.input<typeof domainArgs>) {
  const args = domainArgs.parse(input);
  const brand = await requireBrand(args.slug);
  await removeDomain(cliScope(brand.id, brand.slug), args.domain, { keepLast: false });
  return { slug: args.slug, domain: args.domain };
}
