import 'server-only';
import { defineRoute } from '../define-route';
import { getSharing, setBatchRetailer, share, sharedComplaints, sharedScans, sharedWithUs, unshare } from '@/lib/console/sharing';
import { consoleBrandParams } from '@/lib/schemas/console';
import {
  batchRetailerBodySchema,
  batchRetailerSchema,
  shareBodySchema,
  sharedComplaintsSchema,
  sharedPageQuery,
  sharedParams,
  sharedScansSchema,
  sharedWithUsSchema,
  sharingSchema,
  unshareBodySchema,
} from '@/lib/schemas/console-sharing';

// What a Manufacturer brand shares with Retailer organisations (docs/console.md, "Retailer
// organisations"). The brand's side is part of its settings (owner and manager change it, the
// analyst reads); a batch's retailer is the catalogue's. The retailer's side is its own area,
// 'shared', at the retailer's own organisation: nothing of the sharing brand's console opens to it.

const settingsRead = { class: 'staff', area: 'settings', access: 'read' } as const;
const settingsWrite = { class: 'staff', area: 'settings', access: 'write' } as const;
const sharedRead = { class: 'staff', area: 'shared', access: 'read' } as const;

// GET /api/console/brands/{brand}/sharing — the settings page reads it (callRoute)
export const consoleSharingRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/sharing',
  tag: 'console',
  access: settingsRead,
  params: consoleBrandParams,
  response: { description: 'The retailers the brand shares with, what with each, and the batches assigned to each', schema: sharingSchema },
  handle: (_input, ctx) => getSharing(ctx.scope),
});

// GET /api/console/brands/{brand}/shared
export const consoleSharedWithUsRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/shared',
  tag: 'console',
  access: sharedRead,
  params: consoleBrandParams,
  response: { description: 'The brands sharing scans or complaints with this Retailer organisation (none for a Manufacturer)', schema: sharedWithUsSchema },
  handle: (_input, ctx) => sharedWithUs(ctx.scope),
});

// GET /api/console/brands/{brand}/shared/{from}/scans?page=
export const consoleSharedScansRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/shared/{from}/scans',
  tag: 'console',
  access: sharedRead,
  params: sharedParams,
  query: sharedPageQuery,
  response: { description: 'Scans of the sharing brand\'s batches assigned to this retailer, newest first, 50 a page', schema: sharedScansSchema },
  errors: { 404: 'That brand shares no scans with this organisation' },
  fieldErrors: 'page',
  handle: ({ params, query }, ctx) => sharedScans(ctx.scope, params.from, query.page),
});

// GET /api/console/brands/{brand}/shared/{from}/complaints?page=
export const consoleSharedComplaintsRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/shared/{from}/complaints',
  tag: 'console',
  access: sharedRead,
  params: sharedParams,
  query: sharedPageQuery,
  response: { description: 'Complaints about units of the sharing brand\'s batches assigned to this retailer, newest first, 50 a page', schema: sharedComplaintsSchema },
  errors: { 404: 'That brand shares no complaints with this organisation' },
  fieldErrors: 'page',
  handle: ({ params, query }, ctx) => sharedComplaints(ctx.scope, params.from, query.page),
});

export const consoleSharingRoutes = [
  // GET /api/console/brands/{brand}/sharing
  consoleSharingRoute,

  // POST /api/console/brands/{brand}/sharing {retailer, scans?, complaints?}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/sharing',
    tag: 'console',
    access: settingsWrite,
    params: consoleBrandParams,
    body: shareBodySchema,
    response: { description: 'The sharing as changed', schema: sharingSchema },
    errors: { 409: 'The brand is a Retailer organisation' },
    fieldErrors: 'retailer (no such organisation, a Manufacturer, or the brand itself)',
    handle: ({ body }, ctx) => share(ctx.scope, body),
  }),

  // POST /api/console/brands/{brand}/sharing/remove {retailer}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/sharing/remove',
    tag: 'console',
    access: settingsWrite,
    params: consoleBrandParams,
    body: unshareBodySchema,
    response: { description: 'The sharing without that retailer', schema: sharingSchema },
    errors: { 404: 'Nothing is shared with that retailer', 409: 'The brand is a Retailer organisation' },
    fieldErrors: 'retailer',
    handle: ({ body }, ctx) => unshare(ctx.scope, body),
  }),

  // POST /api/console/brands/{brand}/sharing/batches {batchNumber, retailer|null}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/sharing/batches',
    tag: 'console',
    access: { class: 'staff', area: 'catalogue', access: 'write' },
    params: consoleBrandParams,
    body: batchRetailerBodySchema,
    response: { description: 'The batch with the retailer that sells it', schema: batchRetailerSchema },
    errors: { 409: 'The brand is a Retailer organisation' },
    fieldErrors: 'batchNumber (no such batch), retailer',
    handle: ({ body }, ctx) => setBatchRetailer(ctx.scope, body),
  }),

  consoleSharedWithUsRoute,

  consoleSharedScansRoute,

  consoleSharedComplaintsRoute,
];
