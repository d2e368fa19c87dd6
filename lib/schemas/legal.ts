import { z } from 'zod';

// Contracts of the legal policies and cookie consent (product-spec section 3 "Legal
// acknowledgement"; docs/legal-and-embedding.md). Shared by the Brand API and its clients.

import { LEGAL_DOCUMENT_TYPES } from '@/lib/domain/legal';

export { LEGAL_DOCUMENT_TYPES };
export const legalDocumentTypeSchema = z.enum(LEGAL_DOCUMENT_TYPES);
export type LegalDocumentType = z.infer<typeof legalDocumentTypeSchema>;
export const legalDocumentFormatSchema = z.enum(['markdown', 'pdf']);
export type LegalDocumentFormat = z.infer<typeof legalDocumentFormatSchema>;

/** Per document type: was the CURRENT version acknowledged? A brand without that document: true, ids null. */
export const policyStatusSchema = z.object({
  acknowledged: z.boolean(),
  documentId: z.string().nullable(),
  version: z.number().int().nullable(),
});
export type PolicyStatus = z.infer<typeof policyStatusSchema>;

// GET /api/legal/get-acknowledged-policies
export const acknowledgedPoliciesSchema = z.object({
  isCookieConsentGiven: z.boolean(),
  'Terms & Conditions': policyStatusSchema,
  'Privacy Policy': policyStatusSchema,
  'Cookie Policy': policyStatusSchema,
});
export type AcknowledgedPolicies = z.infer<typeof acknowledgedPoliciesSchema>;

// POST /api/legal/acknowledge-legal-policies
export const policyAcknowledgementSchema = z
  .object({
    userIdType: z.literal('customer'),
    userId: z.string().min(1).max(100),
    documentId: z.string().min(1).max(100),
    documentType: legalDocumentTypeSchema,
    version: z.number().int().positive(),
  })
  .strict();
export type PolicyAcknowledgement = z.infer<typeof policyAcknowledgementSchema>;

export const acknowledgePoliciesBodySchema = z
  .object({
    policies: z
      .array(policyAcknowledgementSchema)
      .min(1, 'must list at least one policy')
      .max(LEGAL_DOCUMENT_TYPES.length, `must list at most ${LEGAL_DOCUMENT_TYPES.length} policies`)
      .refine((list) => new Set(list.map((p) => p.documentId)).size === list.length, 'must not list a document twice'),
  })
  .strict();
export type AcknowledgePoliciesBody = z.infer<typeof acknowledgePoliciesBodySchema>;

// POST /api/customer/cookie-consent
export const cookieConsentResponseSchema = z.object({ isCookieConsentGiven: z.literal(true) });

// GET /api/legal/documents/current
export const legalDocumentSummarySchema = z.object({
  documentType: legalDocumentTypeSchema,
  documentId: z.string(),
  version: z.number().int(),
  format: legalDocumentFormatSchema,
  publishedAt: z.string(),
  /** Where the content is served (GET /api/legal/documents/{documentId}). */
  url: z.string(),
});
export type LegalDocumentSummary = z.infer<typeof legalDocumentSummarySchema>;
export const currentDocumentsSchema = z.object({ documents: z.array(legalDocumentSummarySchema) });
export type CurrentDocuments = z.infer<typeof currentDocumentsSchema>;

// GET /api/legal/documents/{documentId} with Accept: application/json — markdown content inline;
// a PDF's content is null (fetch `url` for its bytes).
export const legalDocumentSchema = legalDocumentSummarySchema.extend({ content: z.string().nullable() });
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export const documentIdParamSchema = z.object({ documentId: z.string().min(1).max(100) });
