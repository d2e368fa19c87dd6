import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/db/client';
import { cookieConsents, legalAcknowledgements } from '@/lib/db/schema';
import { LEGAL_DOCUMENT_TYPES, type AcknowledgedPolicies } from '@/lib/schemas/legal';
import { currentDocuments } from './documents';

// GET /api/legal/get-acknowledged-policies — for each type, whether the customer acknowledged the
// CURRENT version (a newer version makes it false again). A type the brand has not published
// has nothing to accept: acknowledged true, documentId and version null.
export async function getAcknowledgedPolicies(
  clientId: string,
  customerId: string,
  db?: Pick<Db, 'select' | 'selectDistinctOn'>,
): Promise<AcknowledgedPolicies> {
  const reader = db ?? (await getDb());
  const current = await currentDocuments(reader, clientId);
  const ids = current.map((d) => d.id);
  const acknowledged = ids.length
    ? await reader
        .selectDistinctOn([legalAcknowledgements.documentId], { documentId: legalAcknowledgements.documentId })
        .from(legalAcknowledgements)
        .where(
          and(
            eq(legalAcknowledgements.clientId, clientId),
            eq(legalAcknowledgements.customerId, customerId),
            inArray(legalAcknowledgements.documentId, ids),
          ),
        )
    : [];
  const done = new Set(acknowledged.map((a) => a.documentId));
  const [consent] = await reader
    .select({ id: cookieConsents.id })
    .from(cookieConsents)
    .where(and(eq(cookieConsents.clientId, clientId), eq(cookieConsents.customerId, customerId)))
    .limit(1);

  const entry = (type: (typeof LEGAL_DOCUMENT_TYPES)[number]) => {
    const doc = current.find((d) => d.documentType === type);
    return doc
      ? { acknowledged: done.has(doc.id), documentId: doc.id, version: doc.version }
      : { acknowledged: true, documentId: null, version: null };
  };
  return {
    isCookieConsentGiven: consent !== undefined,
    'Terms & Conditions': entry('Terms & Conditions'),
    'Privacy Policy': entry('Privacy Policy'),
    'Cookie Policy': entry('Cookie Policy'),
  };
}
