import { z } from 'zod';
import { legalDocumentFormatSchema, legalDocumentTypeSchema } from './legal';

// Contracts of the console's legal area (issue 12, docs/console.md): each document type with its
// versions and how many customers acknowledged each.

export const legalVersionSchema = z.object({
  documentId: z.string(),
  documentType: legalDocumentTypeSchema,
  version: z.number().int(),
  format: legalDocumentFormatSchema,
  publishedAt: z.string(),
  /** Acknowledgements of this version (a customer who acknowledged twice counts once). */
  acknowledgements: z.number().int(),
  current: z.boolean(),
});
export type LegalVersion = z.infer<typeof legalVersionSchema>;

export const legalTypeSummarySchema = z.object({ documentType: legalDocumentTypeSchema, versions: z.array(legalVersionSchema) });
export const legalOverviewSchema = z.object({ types: z.array(legalTypeSummarySchema) });
export type LegalOverview = z.infer<typeof legalOverviewSchema>;

export const MAX_LEGAL_MARKDOWN_CHARS = 200_000;

export const publishedLegalSchema = z.object({
  documentId: z.string(),
  documentType: legalDocumentTypeSchema,
  version: z.number().int(),
  format: legalDocumentFormatSchema,
});

/** A published version's facts and, for Markdown, its text (null for a PDF): its console page. */
export const consoleLegalDocumentSchema = z
  .object({
    documentId: z.string(),
    documentType: legalDocumentTypeSchema,
    version: z.number().int(),
    format: legalDocumentFormatSchema,
    publishedAt: z.string(),
    content: z.string().nullable(),
  })
  .strict();

export const legalDocumentParamsShape = { documentId: z.string().min(1).max(64) };
