import 'server-only';
import { defineRoute, FileAnswer } from '../define-route';
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

const POLICIES = 'Whether the current version of each policy is acknowledged, and the cookie consent';

export const currentLegalDocumentsRoute = defineRoute({
  method: 'get',
  path: '/legal/documents/current',
  tag: 'legal',
  access: 'brand',
  response: { description: 'Current version of each published document', schema: currentDocumentsSchema },
  handle: async (_input, ctx) => ({ documents: (await currentDocuments(await getDb(), ctx.clientId)).map(toSummary) }),
});

export const legalDocumentRoute = defineRoute({
  method: 'get',
  path: '/legal/documents/{documentId}',
  tag: 'legal',
  access: 'brand',
  params: documentIdParamSchema,
  response: {
    description: 'The document',
    schema: legalDocumentSchema,
    files: { 'text/markdown': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  },
  handle: async ({ params }, ctx) => {
    const doc = await getDocument(ctx.clientId, params.documentId);
    const wantsJson = (ctx.header('accept') ?? '').split(',')[0]?.trim().startsWith('application/json');
    if (wantsJson) return { ...toSummary(doc), content: doc.format === 'markdown' ? doc.contentText : null };
    const disposition = `inline; filename="${documentFileName(doc)}"`;
    if (doc.format === 'pdf') {
      const bytes = doc.contentBytes ?? new Uint8Array();
      return new FileAnswer(new Uint8Array(bytes).buffer, { 'content-type': 'application/pdf', 'content-disposition': disposition });
    }
    return new FileAnswer(doc.contentText ?? '', {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': disposition,
      'content-security-policy': "default-src 'none'; sandbox",
    });
  },
});

export const legalRoutes = [
  // GET /api/legal/get-acknowledged-policies — the customer's state of each current policy
  defineRoute({
    method: 'get',
    path: '/legal/get-acknowledged-policies',
    tag: 'legal',
    access: 'customer',
    response: { description: POLICIES, schema: acknowledgedPoliciesSchema },
    handle: (_input, ctx) => getAcknowledgedPolicies(ctx.clientId, ctx.customerId),
  }),

  // POST /api/legal/acknowledge-legal-policies — record acknowledgements of current versions
  defineRoute({
    method: 'post',
    path: '/legal/acknowledge-legal-policies',
    tag: 'legal',
    access: 'customer',
    body: acknowledgePoliciesBodySchema,
    response: { description: POLICIES, schema: acknowledgedPoliciesSchema },
    errors: { 409: 'Invalid input; errorMessage names the field' },
    handle: async ({ body }, ctx) => {
      await hitRateLimit(`acknowledge:${ctx.clientId}:${ctx.customerId}`, ACKNOWLEDGE_LIMIT);
      return acknowledgePolicies(ctx.clientId, ctx.customerId, body);
    },
  }),

  // POST /api/customer/cookie-consent — record the cookie consent (no body)
  defineRoute({
    method: 'post',
    path: '/customer/cookie-consent',
    tag: 'legal',
    access: 'customer',
    response: { description: 'Consent recorded', schema: cookieConsentResponseSchema },
    handle: async (_input, ctx) => {
      await hitRateLimit(`cookie-consent:${ctx.clientId}:${ctx.customerId}`, COOKIE_CONSENT_LIMIT);
      return giveCookieConsent(ctx.clientId, ctx.customerId);
    },
  }),

  // GET /api/legal/documents/current — the brand's current documents (anonymous)
  currentLegalDocumentsRoute,

  // GET /api/legal/documents/{documentId} — the content (anonymous). Accept: application/json
  // answers the metadata with Markdown inline (what server components read); otherwise the file
  // itself: Markdown as text/markdown, a PDF as application/pdf shown inline.
  legalDocumentRoute,
];
