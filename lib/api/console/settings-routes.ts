import 'server-only';
import { defineRoute } from '../define-route';
import { addDomain, getSettings, removeDomain, updateSettings } from '@/lib/console/settings';
import { purgeBrandScans } from '@/lib/console/retention';
import { clientConfigPatchSchema } from '@/lib/schemas/client-config';
import { consoleBrandParams } from '@/lib/schemas/console';
import { brandDomainBodySchema, brandSettingsSchema, purgeScansBodySchema, purgeScansResultSchema } from '@/lib/schemas/console-money';

// The console's Brand settings area (issue 12): the brand's configuration (theme, services and
// flags, OTP services, embedding, footer, banners, complaint priorities), its name and domains.
// Owner and manager change them; the analyst reads. A change is checked by the schema of
// `npm run brand -- set-config` (the same use case) and reaches customers at once.

const read = { class: 'staff', area: 'settings', access: 'read' } as const;
const write = { class: 'staff', area: 'settings', access: 'write' } as const;

// GET /api/console/brands/{brand}/settings — the settings page reads it (callRoute)
export const consoleSettingsRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/settings',
  tag: 'console',
  access: read,
  params: consoleBrandParams,
  response: { description: 'The brand\'s configuration with every default, its name and domains', schema: brandSettingsSchema },
  handle: (_input, ctx) => getSettings(ctx.scope),
});

export const consoleSettingsRoutes = [
  // GET /api/console/brands/{brand}/settings
  consoleSettingsRoute,

  // PATCH /api/console/brands/{brand}/settings {ui?, flags?, otpServices?, ...}
  defineRoute({
    method: 'patch',
    path: '/console/brands/{brand}/settings',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: clientConfigPatchSchema,
    response: { description: 'The settings as changed; anything left out keeps its value', schema: brandSettingsSchema },
    fieldErrors: 'the configuration field, like ui.primaryColor',
    handle: ({ body }, ctx) => updateSettings(ctx.scope, body),
  }),

  // POST /api/console/brands/{brand}/settings/domains {domain}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/settings/domains',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: brandDomainBodySchema,
    response: { status: 201, description: 'The settings with the domain added', schema: brandSettingsSchema },
    errors: { 409: 'The domain serves a brand already' },
    fieldErrors: 'domain',
    handle: ({ body }, ctx) => addDomain(ctx.scope, body.domain),
  }),

  // POST /api/console/brands/{brand}/settings/domains/remove {domain}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/settings/domains/remove',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: brandDomainBodySchema,
    response: { description: 'The settings with the domain removed', schema: brandSettingsSchema },
    errors: { 409: 'The brand\'s only domain' },
    fieldErrors: 'domain',
    handle: ({ body }, ctx) => removeDomain(ctx.scope, body.domain),
  }),

  // POST /api/console/brands/{brand}/settings/purge-scans {confirm: true} — the retention now
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/settings/purge-scans',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: purgeScansBodySchema,
    response: { description: 'Scans and unit sessions older than the brand\'s retention days, deleted (audited)', schema: purgeScansResultSchema },
    fieldErrors: 'confirm',
    handle: (_input, ctx) => purgeBrandScans(ctx.scope),
  }),
];
