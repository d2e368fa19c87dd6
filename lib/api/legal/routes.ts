import 'server-only';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import type { AppEnv } from '../context';
import { errorResponses } from '../openapi';
import { requireCustomer } from '../auth/require-customer';
import { hitRateLimit } from '../rate-limit';
import { ACKNOWLEDGE_LIMIT, COOKIE_CONSENT_LIMIT } from '../append-limits';
import {
  acknowledgePoliciesBodySchema,
  acknowledgedPoliciesSchema,
  cookieConsentResponseSchema,
  currentDocumentsSchema,
  documentIdParamSchema,
  legalDocumentSchema,
} from '@/lib/schemas/legal';
import { getDb } from '@/lib/db/client';
import { getAcknowledgedPolicies } from './get-acknowledged-policies';
import { acknowledgePolicies } from './acknowledge-policies';
import { giveCookieConsent } from './give-cookie-consent';
import { currentDocuments, toSummary } from './documents';
import { documentFileName, getDocument } from './get-document';

// Legal policies and cookie consent (docs/legal-and-embedding.md).

export const legalRoutes = new OpenAPIHono<AppEnv>();

const policiesAnswer = {
  description: 'Whether the current version of each policy is acknowledged, and the cookie consent',
  content: { 'application/json': { schema: acknowledgedPoliciesSchema } },
};

// GET /api/legal/get-acknowledged-policies — the customer's state of each current policy
legalRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/legal/get-acknowledged-policies',
    tags: ['legal'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    responses: { 200: policiesAnswer, ...errorResponses },
  }),
  async (c) => c.json(acknowledgedPoliciesSchema.parse(await getAcknowledgedPolicies(c.var.client.id, c.var.auth.customerId)), 200),
);

// POST /api/legal/acknowledge-legal-policies — record acknowledgements of current versions
legalRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/legal/acknowledge-legal-policies',
    tags: ['legal'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    request: { body: { content: { 'application/json': { schema: acknowledgePoliciesBodySchema } }, required: true } },
    responses: { 200: policiesAnswer, ...errorResponses, 409: errorResponses[422] },
  }),
  async (c) => {
    const body = c.req.valid('json');
    await hitRateLimit(`acknowledge:${c.var.client.id}:${c.var.auth.customerId}`, ACKNOWLEDGE_LIMIT);
    return c.json(acknowledgedPoliciesSchema.parse(await acknowledgePolicies(c.var.client.id, c.var.auth.customerId, body)), 200);
  },
);

// POST /api/customer/cookie-consent — record the cookie consent (no body)
legalRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/customer/cookie-consent',
    tags: ['legal'],
    middleware: [requireCustomer] as const,
    security: [{ bearer: [] }],
    responses: { 200: { description: 'Consent recorded', content: { 'application/json': { schema: cookieConsentResponseSchema } } }, ...errorResponses },
  }),
  async (c) => {
    await hitRateLimit(`cookie-consent:${c.var.client.id}:${c.var.auth.customerId}`, COOKIE_CONSENT_LIMIT);
    return c.json(cookieConsentResponseSchema.parse(await giveCookieConsent(c.var.client.id, c.var.auth.customerId)), 200);
  },
);

// GET /api/legal/documents/current — the brand's current documents (anonymous)
legalRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/legal/documents/current',
    tags: ['legal'],
    responses: { 200: { description: 'Current version of each published document', content: { 'application/json': { schema: currentDocumentsSchema } } }, ...errorResponses },
  }),
  async (c) => {
    const docs = await currentDocuments(await getDb(), c.var.client.id);
    return c.json(currentDocumentsSchema.parse({ documents: docs.map(toSummary) }), 200);
  },
);

// GET /api/legal/documents/{documentId} — the content (anonymous). Accept: application/json
// answers the metadata with Markdown inline (what server components read); otherwise the file
// itself: Markdown as text/markdown, a PDF as application/pdf shown inline.
legalRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/legal/documents/{documentId}',
    tags: ['legal'],
    request: { params: documentIdParamSchema },
    responses: {
      200: {
        description: 'The document',
        content: {
          'application/json': { schema: legalDocumentSchema },
          'text/markdown': { schema: { type: 'string' } },
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
        },
      },
      ...errorResponses,
    },
  }),
  async (c) => {
    const doc = await getDocument(c.var.client.id, c.req.valid('param').documentId);
    const wantsJson = (c.req.header('accept') ?? '').split(',')[0]?.trim().startsWith('application/json');
    if (wantsJson) {
      return c.json(legalDocumentSchema.parse({ ...toSummary(doc), content: doc.format === 'markdown' ? doc.contentText : null }), 200);
    }
    const disposition = `inline; filename="${documentFileName(doc)}"`;
    if (doc.format === 'pdf') {
      const bytes = doc.contentBytes ?? new Uint8Array();
      return c.body(new Uint8Array(bytes).buffer, 200, { 'content-type': 'application/pdf', 'content-disposition': disposition });
    }
    return c.body(doc.contentText ?? '', 200, {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': disposition,
      'content-security-policy': "default-src 'none'; sandbox",
    });
  },
);
