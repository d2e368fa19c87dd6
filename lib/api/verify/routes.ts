import 'server-only';
import { z } from 'zod';
import { defineRoute, FileAnswer } from '../define-route';
import type { MaybeCustomerContext } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { requireFlag } from '../feature-flags';
import { hitRateLimit } from '../rate-limit';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { DEVICE_COOKIE, DEVICE_HEADER, DEVICE_ID_FORMAT_MESSAGE, issueDeviceId, issuedDeviceIdOf } from '@/lib/edge/device-id';
import { parseHost } from '@/lib/shared/host';
import { sessionSecret } from '@/lib/auth/keys';
import { requestCookie } from '../auth/cookie';
import { visitKindOf } from '@/lib/domain/visitor';
import {
  authCodeBodySchema,
  deviceIdResponseSchema,
  batchDetailsResponseSchema,
  batchNumberParamsSchema,
  evidenceParamsSchema,
  reportResponseSchema,
  trackingResponseSchema,
  verifyParamsSchema,
  verifyQuerySchema,
  verifyResponseSchema,
} from '@/lib/schemas/verify';
import { coarse, ipHash, limitScans, networkOf } from './scan-guard';
import { verifyCode, type ScanContext } from './verify-code';
import { verifyAuthCode } from './verify-auth-code';
import { getBatchDetails } from './get-batch-details';
import { getTracking } from './get-tracking';
import { readReportForm } from './read-report-form';
import { usingUploads } from '../aftersales/read-upload-form';
import { submitReport } from './submit-report';
import { evidenceReport } from './evidence';

// The verify API (docs/verification.md). Paths are without the /api prefix.

const REPORT_LIMIT = { limit: 20, windowSeconds: 3600, message: 'Too many reports from your account. Please try again in an hour.' };

/**
 * The device id of the scan, only one this server issued for this brand's domain (signed,
 * lib/edge/device-id.ts): the x-device-id header (refused when it is not one: 422 naming it; an
 * app asks POST /api/device-id for one), else the device cookie the verify pages set (ignored
 * when it is not one: the page sets a new one). Invented, unsigned or another brand's ids are no device.
 */
async function deviceIdOf(ctx: MaybeCustomerContext): Promise<string | null> {
  const domain = parseHost(ctx.host);
  const header = ctx.header(DEVICE_HEADER);
  if (header !== undefined) {
    const id = await issuedDeviceIdOf(header, domain, sessionSecret());
    if (!id) throw fieldError('unprocessable', DEVICE_HEADER, DEVICE_ID_FORMAT_MESSAGE);
    return id;
  }
  return issuedDeviceIdOf(requestCookie(ctx, DEVICE_COOKIE), domain, sessionSecret());
}

async function scanContext(ctx: MaybeCustomerContext, raw: string, location?: { lat?: number; lng?: number; preview?: '1' }): Promise<ScanContext> {
  // A preview fetcher, a crawler, a HEAD request or a prefetch records nothing (docs/verification.md).
  const visit = location?.preview ? 'prefetch' : visitKindOf(ctx.method ?? 'GET', (name) => ctx.header(name));
  return {
    visit,
    deviceId: await deviceIdOf(ctx),
    clientId: ctx.clientId,
    config: ctx.config,
    customerId: ctx.customerId ?? null,
    location: { lat: coarse(location?.lat), lng: coarse(location?.lng) },
    ipHash: ipHash(ctx.address),
    netKey: networkOf(ctx.address),
    ip: ctx.address,
    raw,
  };
}

export const verifyRoutes = [
  // POST /api/device-id — a device id for an app that keeps its own (sent back as x-device-id):
  // issued and signed by this server for this brand's domain (docs/verification.md)
  defineRoute({
    method: 'post',
    path: '/device-id',
    tag: 'verify',
    access: 'brand',
    response: { status: 201, description: 'A device id issued for this brand', schema: deviceIdResponseSchema },
    handle: async (_input, ctx) => {
      await limitScans(ctx);
      const domain = parseHost(ctx.host);
      if (!domain) throw fieldError('unprocessable', 'host', 'must be a domain of this brand');
      return { deviceId: await issueDeviceId(domain, sessionSecret()) };
    },
  }),

  // GET /api/verify/batch/{batchNumber} — batch details by batch number (anonymous; declared
  // before the generic verify route so "batch" is never read as a route name)
  defineRoute({
    method: 'get',
    path: '/verify/batch/{batchNumber}',
    tag: 'verify',
    access: 'brand',
    params: batchNumberParamsSchema,
    response: { description: 'Product and batch of this brand', schema: batchDetailsResponseSchema },
    handle: async ({ params }, ctx) => {
      await limitScans(ctx);
      return getBatchDetails(ctx.clientId, params.batchNumber);
    },
  }),

  // GET /api/verify/evidence/{reference} — the evidence report (PDF) of a Fake, Product Claimed or
  // suspect scan; the reference is given only in that scan's answer (declared before the generic
  // verify route so "evidence" is never read as a route name)
  defineRoute({
    method: 'get',
    path: '/verify/evidence/{reference}',
    tag: 'verify',
    access: 'brand',
    params: evidenceParamsSchema,
    response: { description: 'The evidence report', files: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    handle: async ({ params }, ctx) => {
      await limitScans(ctx);
      const pdf = await evidenceReport(ctx.client, params.reference);
      return new FileAnswer(new Uint8Array(pdf).buffer, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="evidence-${params.reference}.pdf"`,
      });
    },
  }),

  // GET /api/verify/{route}/{qrId}?lat=&lng= — scan a code on a route (info is anonymous)
  defineRoute({
    method: 'get',
    path: '/verify/{route}/{qrId}',
    tag: 'verify',
    access: { class: 'brand-or-customer', anonymousIf: (param) => param('route') === 'info' },
    params: verifyParamsSchema,
    query: verifyQuerySchema,
    response: { description: 'The verdict, with the details its label warrants', schema: verifyResponseSchema },
    handle: async ({ params, query }, ctx) => {
      await limitScans(ctx);
      if (params.route === 'tert' || params.route === 'quat') requireFlag(ctx, 'isTrackingEnabled');
      const id = params.qrId.trim();
      if (!isWellFormedQrId(id)) throw fieldError('unprocessable', 'qrId', 'this is not a QR code of this brand');
      return verifyCode(await scanContext(ctx, id, query), params.route, id);
    },
  }),

  // POST /api/verify/auth-code {code} — verify by the code under the scratch-off (isVTCodesEnabled)
  defineRoute({
    method: 'post',
    path: '/verify/auth-code',
    tag: 'verify',
    access: 'customer',
    flag: 'isVTCodesEnabled',
    body: authCodeBodySchema,
    response: { description: 'The post-sale verdict of the covert code', schema: verifyResponseSchema },
    handle: async ({ body }, ctx) => {
      await limitScans(ctx);
      return verifyAuthCode(await scanContext(ctx, body.code), body.code);
    },
  }),

  // GET /api/tracking/{qrId} — the journey of a code and its case and pallet (isTrackingEnabled)
  defineRoute({
    method: 'get',
    path: '/tracking/{qrId}',
    tag: 'verify',
    access: 'brand',
    flag: 'isTrackingEnabled',
    params: z.object({ qrId: z.string().min(1).max(64) }),
    response: { description: 'Tracking events, oldest first', schema: trackingResponseSchema },
    handle: async ({ params }, ctx) => {
      await limitScans(ctx);
      const qrId = params.qrId.trim();
      if (!isWellFormedQrId(qrId)) throw new ApiError('not_found', 'Code not found');
      return getTracking(ctx.clientId, qrId);
    },
  }),

  // POST /api/report (multipart/form-data: description, qrId?, lat?, lng?, photo?) — report a
  // suspicious product (isRedFlaggingEnabled)
  defineRoute({
    method: 'post',
    path: '/report',
    tag: 'verify',
    access: 'customer',
    flag: 'isRedFlaggingEnabled',
    upload: { fields: 'description (required), qrId, lat and lng (together), photo (PNG, JPEG or WebP, at most 5 MB).' },
    response: { status: 201, description: 'Report stored', schema: reportResponseSchema },
    errors: { 413: 'Photo larger than 5 MB', 415: 'Photo is not an image, or the body is not multipart' },
    handle: async ({ upload }, ctx) => {
      await hitRateLimit(`report:${ctx.clientId}:${ctx.customerId}`, REPORT_LIMIT);
      const owner = { clientId: ctx.clientId, customerId: ctx.customerId };
      const input = await readReportForm(upload, owner);
      return usingUploads({ fields: input.fields, files: input.photo ? [input.photo] : [], reservation: input.reservation }, () =>
        submitReport(owner.clientId, owner.customerId, input),
      );
    },
  }),
];
