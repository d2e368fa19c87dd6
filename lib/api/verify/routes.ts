import 'server-only';
import { requestLocale } from '../request-locale';
import { z } from 'zod';
import { defineRoute, FileAnswer } from '../define-route';
import type { MaybeCustomerContext } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { requireFlag } from '../feature-flags';
import { hitRateLimit } from '../rate-limit';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { DEVICE_COOKIE, DEVICE_HEADER, DEVICE_ID_FORMAT_MESSAGE, isDeviceId } from '@/lib/edge/device-id';
import { requestCookie } from '../auth/cookie';
import {
  authCodeBodySchema,
  batchDetailsResponseSchema,
  batchNumberParamsSchema,
  evidenceParamsSchema,
  reportResponseSchema,
  trackingResponseSchema,
  verifyParamsSchema,
  verifyQuerySchema,
  verifyResponseSchema,
} from '@/lib/schemas/verify';
import { coarse, ipHash, limitScans } from './scan-guard';
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
 * The device id of the scan: the x-device-id header (refused when malformed: 422 naming it), else
 * the device cookie the verify pages set (ignored when malformed: the page sets a new one).
 */
const deviceHeaderSchema = z.object({ [DEVICE_HEADER]: z.string().refine(isDeviceId, DEVICE_ID_FORMAT_MESSAGE) });
function deviceIdOf(ctx: MaybeCustomerContext): string | null {
  const header = ctx.header(DEVICE_HEADER);
  if (header !== undefined) {
    // A ZodError answers 422 naming the header as the field.
    return deviceHeaderSchema.parse({ [DEVICE_HEADER]: header })[DEVICE_HEADER];
  }
  const cookie = requestCookie(ctx, DEVICE_COOKIE);
  return isDeviceId(cookie) ? cookie : null;
}

function scanContext(ctx: MaybeCustomerContext, raw: string, location?: { lat?: number; lng?: number }): ScanContext {
  return {
    deviceId: deviceIdOf(ctx),
    clientId: ctx.clientId,
    config: ctx.config,
    customerId: ctx.customerId ?? null,
    location: { lat: coarse(location?.lat), lng: coarse(location?.lng) },
    ipHash: ipHash(ctx.address),
    ip: ctx.address,
    raw,
  };
}

export const verifyRoutes = [
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
      const pdf = await evidenceReport(ctx.client, params.reference, { locale: requestLocale(ctx), timeZone: ctx.config.locale.timeZone });
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
      return verifyCode(scanContext(ctx, id, query), params.route, id);
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
      return verifyAuthCode(scanContext(ctx, body.code), body.code);
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
