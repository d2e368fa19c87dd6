import 'server-only';
import { OpenAPIHono } from '@hono/zod-openapi';
import { clientIp, type AppEnv } from './context';
import { requestIdOf, withRequestInfo } from '@/lib/auth/security-events';
import { reportRefusal } from './security-refusals';
import { ApiError, toErrorResponse } from '@/lib/errors';
import { cameOverHttps, HSTS_VALUE } from '@/lib/shared/https';
import { csrfGuard, jsonBodyGuard, tenantGuard } from './guards';
import { consoleHostGuard } from './console/access';
import { consoleAuthRoutes } from './console/routes';
import { consoleStaffRoutes } from './console/staff-routes';
import { overviewRoutes } from './console/overview-routes';
import { codesRoutes } from './console/codes-routes';
import { consoleSupportRoutes } from './console/support-routes';
import { consoleCatalogueRoutes } from './console/catalogue-routes';
import { consoleGs1Routes } from './console/gs1-routes';
import { consoleLegalRoutes } from './console/legal-routes';
import { consoleRewardsRoutes } from './console/rewards-routes';
import { consolePayoutsRoutes } from './console/payouts-routes';
import { consoleSharingRoutes } from './console/sharing-routes';
import { consoleSettingsRoutes } from './console/settings-routes';
import { consoleDisputeRoutes } from './console/disputes-routes';
import { bodyLimitGuard, jsonTextGuard, urlGuard } from './request-guards';
import { mountRoutes } from './define-route';
import { clientRoutes } from './client/routes';
import { authRoutes } from './auth/routes';
import { customerRoutes } from './customer/routes';
import { messageRoutes } from './messages/routes';
import { receiptRoutes } from './messages/receipt-routes';
import { consoleMessagesRoutes } from './console/messages-routes';
import { operatorRoutes } from './operator/routes';
import { legalRoutes } from './legal/routes';
import { verifyRoutes } from './verify/routes';
import { myProductsRoutes } from './my-products/routes';
import { warrantyRoutes } from './warranty/routes';
import { journeyRoutes } from './journeys/routes';
import { rewardsRoutes } from './rewards/routes';
import { complaintRoutes } from './complaints/routes';
import { fileRoutes } from './files/routes';
import { feedbackRoutes } from './feedback/routes';
import { gs1Routes } from './gs1/routes';
import { disputeRoutes } from './disputes/routes';

// The Brand API: the only door to the database (DESIGN.md section 1). Mounted by
// app/api/[[...route]]/route.ts, called in process by the pages' typed calls (in-process.ts), and served
// over plain HTTP by the API tests.

/** Every endpoint declared with defineRoute (define-route.ts), by area; the operator's are in operator/routes.ts. */
export const brandApiRoutes = [
  ...clientRoutes,
  ...authRoutes,
  ...customerRoutes,
  ...messageRoutes,
  ...receiptRoutes,
  ...legalRoutes,
  ...verifyRoutes,
  ...myProductsRoutes,
  ...warrantyRoutes,
  ...journeyRoutes,
  ...rewardsRoutes,
  ...complaintRoutes,
  ...fileRoutes,
  ...feedbackRoutes,
  ...gs1Routes,
  ...disputeRoutes,
];

/**
 * The brand console's endpoints (/api/console/..., docs/console.md): answered on the console host
 * only, before the brand guards. An area of the console adds its list here.
 */
export const consoleApiRoutes = [...consoleAuthRoutes, ...consoleStaffRoutes, ...overviewRoutes, ...codesRoutes, ...consoleSupportRoutes, ...consoleCatalogueRoutes, ...consoleGs1Routes, ...consoleLegalRoutes, ...consoleRewardsRoutes, ...consolePayoutsRoutes, ...consoleSettingsRoutes, ...consoleSharingRoutes, ...consoleDisputeRoutes, ...consoleMessagesRoutes];

/** The policy of every API answer that does not set its own (files and legal documents do). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function createApp() {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw result.error; // mapped to 422 naming the field by onError
    },
  }).basePath('/api');

  app.onError(async (err, c) => {
    await reportRefusal(c, err);
    const { status, body, headers } = toErrorResponse(err);
    return c.json(body, status as 400, headers);
  });
  app.notFound(() => {
    throw new ApiError('not_found', 'No such API endpoint');
  });

  // Every request's id (X-Request-Id) and address, known to the security events written while it is served.
  app.use('*', async (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.header('X-Request-Id', requestId);
    await withRequestInfo({ requestId, address: clientIp(c) }, next);
  });
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    if (cameOverHttps(c.req.url, c.req.header('x-forwarded-proto'))) c.header('Strict-Transport-Security', HSTS_VALUE);
    // JSON answers are never a document to render or frame; file answers set their own policy.
    if (!c.res.headers.has('content-security-policy')) c.header('Content-Security-Policy', API_CSP);
  });
  // The request parsing of every endpoint, operator ones included (request-guards.ts).
  app.use('*', bodyLimitGuard, urlGuard, jsonTextGuard);

  // Operator calls are guarded by their key, not by a brand host.
  app.route('/', operatorRoutes);
  // Public endpoints (no brand): the domain-keyed embedding lookup (client/embedding-lookup.ts).
  mountRoutes(app, brandApiRoutes, 'open');
  // The console: its own host, its own session and CSRF proof (console/access.ts); no brand host.
  app.use('/console/*', consoleHostGuard, jsonBodyGuard);
  app.use('/console', consoleHostGuard);
  mountRoutes(app, [...consoleApiRoutes, ...brandApiRoutes], 'console');

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'The access token of a signed-in customer' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'consoleSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'console_session',
    description: 'The sealed session of a signed-in console staff member (__Host-console_session over https); state-changing calls add the x-csrf proof',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'whatsappSignature', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Hub-Signature-256',
    description: 'sha256=<hex HMAC-SHA256 of the raw body with the brand\'s WhatsApp app secret> (messaging.whatsapp.appSecret)',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'smsGatewaySignature', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature-256',
    description: 'sha256=<hex HMAC-SHA256 of the raw body with the SMS gateway token> (SMS_HTTP_TOKEN)',
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Brand API', version: '1.0.0', description: 'Product authentication and after-sales API, one brand per host.' },
  });

  app.use('*', csrfGuard, jsonBodyGuard);
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/operator/') || c.req.path === '/api/openapi.json') return next();
    // An unknown console path on the console host: no brand is asked for it.
    if (c.req.path === '/api/console' || c.req.path.startsWith('/api/console/')) throw new ApiError('not_found', 'No such API endpoint');
    return tenantGuard(c, next);
  });

  mountRoutes(app, brandApiRoutes, 'brand');
  return app;
}

export type BrandApi = ReturnType<typeof createApp>;

const g = globalThis as unknown as { __brandApi?: BrandApi };
export function brandApi(): BrandApi {
  return (g.__brandApi ??= createApp());
}
