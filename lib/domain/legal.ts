// The three legal documents of a brand (spec section 4: the keys of get-acknowledged-policies).
// Zod-free so the banners in every page's shell stay light.
export const LEGAL_DOCUMENT_TYPES = ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy'] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];
