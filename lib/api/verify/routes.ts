import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { clientIp, type AppContext, type AppEnv } from '../context';
import { ApiError } from '../errors';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { hitRateLimit } from '../rate-limit';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { DEVICE_COOKIE, DEVICE_HEADER, DEVICE_ID_FORMAT_MESSAGE, isDeviceId } from '@/lib/domain/device-id';
import { getCookie } from 'hono/cookie';
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
import { brandConfig, coarse, ipHash, limitScans, requireModule } from './scan-guard';
import { verifyCode, type ScanContext } from './verify-code';
import { verifyAuthCode } from './verify-auth-code';
import { getBatchDetails } from './get-batch-details';
import { getTracking } from './get-tracking';
import { readReportForm } from './read-report-form';
import { usingUploads } from '../aftersales/read-upload-form';
import { submitReport } from './submit-report';
import { evidenceReport } from './evidence';

// The verify API (docs/verification.md). Paths are without the /api prefix.

export const verifyRoutes = new OpenAPIHono<AppEnv>();

const REPORT_LIMIT = { limit: 20, windowSeconds: 3600, message: 'Too many reports from your account. Please try again in an hour.' };

/** The info route is anonymous: a Bearer token, when sent, must still be valid. */
const optionalCustomer: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header('authorization')) return next();
  return requireCustomer(c, next);
};
const infoOrCustomer: MiddlewareHandler<AppEnv> = async (c, next) =>
  c.req.param('route') === 'info' ? optionalCustomer(c, next) : requireCustomer(c, next);

/**
 * The device id of the scan: the x-device-id header (refused when malformed: 422 naming it), else
 * the device cookie the verify pages set (ignored when malformed: the page sets a new one).
 */
const deviceHeaderSchema = z.object({ [DEVICE_HEADER]: z.string().refine(isDeviceId, DEVICE_ID_FORMAT_MESSAGE) });
function deviceIdOf(c: AppContext): string | null {
  const header = c.req.header(DEVICE_HEADER);
  if (header !== undefined) {
    // A ZodError answers 422 naming the header as the field.
    return deviceHeaderSchema.parse({ [DEVICE_HEADER]: header })[DEVICE_HEADER];
  }
  const cookie = getCookie(c, DEVICE_COOKIE);
  return isDeviceId(cookie) ? cookie : null;
}

function scanContext(c: AppContext, raw: string, location?: { lat?: number; lng?: number }): ScanContext {
  return {
    deviceId: deviceIdOf(c),
    clientId: c.var.client.id,
    config: brandConfig(c),
    customerId: c.get('auth')?.customerId ?? null,
    location: { lat: coarse(location?.lat), lng: coarse(location?.lng) },
    ipHash: ipHash(c),
    ip: clientIp(c),
    raw,
  };
}

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

// GET /api/verify/batch/{batchNumber} — batch details by batch number (anonymous; registered
// before the generic verify route so "batch" is never read as a route name)
verifyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/verify/batch/{batchNumber}',
    tags: ['verify'],
    request: { params: batchNumberParamsSchema },
    responses: { 200: json(batchDetailsResponseSchema, 'Product and batch of this brand'), ...errorResponses },
  }),
  async (c) => {
    await limitScans(c as unknown as AppContext);
    const { batchNumber } = c.req.valid('param');
    return c.json(batchDetailsResponseSchema.parse(await getBatchDetails(c.var.client.id, batchNumber)), 200);
  },
);

// GET /api/verify/evidence/{reference} — the evidence report (PDF) of a Fake, Product Claimed or
// suspect scan; the reference is given only in that scan's answer (registered before the generic
// verify route so "evidence" is never read as a route name)
verifyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/verify/evidence/{reference}',
    tags: ['verify'],
    request: { params: evidenceParamsSchema },
    responses: {
      200: { description: 'The evidence report', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      ...errorResponses,
    },
  }),
  async (c) => {
    await limitScans(c as unknown as AppContext);
    const { reference } = c.req.valid('param');
    const pdf = await evidenceReport(c.var.client, reference);
    return c.body(new Uint8Array(pdf).buffer, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="evidence-${reference}.pdf"`,
    });
  },
);

// GET /api/verify/{route}/{qrId}?lat=&lng= — scan a code on a route (info is anonymous)
verifyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/verify/{route}/{qrId}',
    tags: ['verify'],
    middleware: [infoOrCustomer] as const,
    request: { params: verifyParamsSchema, query: verifyQuerySchema },
    responses: { 200: json(verifyResponseSchema, 'The verdict, with the details its label warrants'), ...errorResponses },
  }),
  async (c) => {
    const ctx = c as unknown as AppContext;
    await limitScans(ctx);
    const { route, qrId } = c.req.valid('param');
    const location = c.req.valid('query');
    if (route === 'tert' || route === 'quat') requireModule(ctx, 'isTrackingEnabled');
    const id = qrId.trim();
    if (!isWellFormedQrId(id)) throw new ApiError('unprocessable', 'qrId: this is not a QR code of this brand');
    return c.json(verifyResponseSchema.parse(await verifyCode(scanContext(ctx, id, location), route, id)), 200);
  },
);

// POST /api/verify/auth-code {code} — verify by the code under the scratch-off (isVTCodesEnabled)
verifyRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/verify/auth-code',
    tags: ['verify'],
    middleware: [requireCustomer] as const,
    request: { body: { content: { 'application/json': { schema: authCodeBodySchema } }, required: true } },
    responses: { 200: json(verifyResponseSchema, 'The post-sale verdict of the covert code'), ...errorResponses },
  }),
  async (c) => {
    const ctx = c as unknown as AppContext;
    requireModule(ctx, 'isVTCodesEnabled');
    await limitScans(ctx);
    const { code } = c.req.valid('json');
    return c.json(verifyResponseSchema.parse(await verifyAuthCode(scanContext(ctx, code), code)), 200);
  },
);

// GET /api/tracking/{qrId} — the journey of a code and its case and pallet (isTrackingEnabled)
verifyRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/tracking/{qrId}',
    tags: ['verify'],
    request: { params: z.object({ qrId: z.string().min(1).max(64) }) },
    responses: { 200: json(trackingResponseSchema, 'Tracking events, oldest first'), ...errorResponses },
  }),
  async (c) => {
    const ctx = c as unknown as AppContext;
    requireModule(ctx, 'isTrackingEnabled');
    await limitScans(ctx);
    const qrId = c.req.valid('param').qrId.trim();
    if (!isWellFormedQrId(qrId)) throw new ApiError('not_found', 'Code not found');
    return c.json(trackingResponseSchema.parse(await getTracking(c.var.client.id, qrId)), 200);
  },
);

// POST /api/report (multipart/form-data: description, qrId?, lat?, lng?, photo?) — report a
// suspicious product (isRedFlaggingEnabled)
verifyRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/report',
    tags: ['verify'],
    middleware: [requireCustomer] as const,
    description: 'multipart/form-data: description (required), qrId, lat and lng (together), photo (PNG, JPEG or WebP, at most 5 MB).',
    responses: {
      201: json(reportResponseSchema, 'Report stored'),
      413: json(z.object({ errorMessage: z.string(), code: z.string() }), 'Photo larger than 5 MB'),
      415: json(z.object({ errorMessage: z.string(), code: z.string() }), 'Photo is not an image, or the body is not multipart'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const ctx = c as unknown as AppContext;
    requireModule(ctx, 'isRedFlaggingEnabled');
    await hitRateLimit(`report:${c.var.client.id}:${c.var.auth.customerId}`, REPORT_LIMIT);
    const owner = { clientId: c.var.client.id, customerId: c.var.auth.customerId };
    const input = await readReportForm(ctx, owner);
    const stored = await usingUploads({ fields: input.fields, files: input.photo ? [input.photo] : [], reservation: input.reservation }, () => submitReport(owner.clientId, owner.customerId, input));
    return c.json(reportResponseSchema.parse(stored), 201);
  },
);
