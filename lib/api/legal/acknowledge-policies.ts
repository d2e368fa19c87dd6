import 'server-only';
import { getDb } from '@/lib/db/client';
import { legalAcknowledgements } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { AcknowledgePoliciesBody, AcknowledgedPolicies } from '@/lib/schemas/legal';
import { fieldError } from '@/lib/errors';
import { currentDocuments, findDocument } from './documents';
import { getAcknowledgedPolicies } from './get-acknowledged-policies';

// POST /api/legal/acknowledge-legal-policies — records one acknowledgement per listed policy.
// Every entry is checked first (the caller's own id; a document of this brand; its type; its
// current version), then all are inserted in the same transaction: one bad entry records nothing.
// Rows are never updated: acknowledging again adds a row, so the history proves what was accepted.
export async function acknowledgePolicies(
  clientId: string,
  customerId: string,
  body: AcknowledgePoliciesBody,
): Promise<AcknowledgedPolicies> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await currentDocuments(tx, clientId);
    const now = new Date();
    const rows = [];
    for (const [i, p] of body.policies.entries()) {
      const at = `policies.${i}`;
      if (p.userId !== customerId) throw fieldError('unprocessable', `${at}.userId`, `must be your own customer id`);
      const doc = await findDocument(tx, clientId, p.documentId);
      if (!doc) throw fieldError('not_found', `${at}.documentId`, `document not found`);
      if (doc.documentType !== p.documentType) {
        throw fieldError('unprocessable', `${at}.documentType`, `the document is the ${doc.documentType}, not the ${p.documentType}`);
      }
      if (doc.version !== p.version) throw fieldError('unprocessable', `${at}.version`, `the document is version ${doc.version}, not ${p.version}`);
      const latest = current.find((d) => d.documentType === doc.documentType);
      if (latest?.id !== doc.id) {
        throw fieldError('conflict', `${at}.version`, `version ${doc.version} of the ${doc.documentType} is not the current one (${latest?.version})`);
      }
      rows.push({
        id: randomId('ack'),
        clientId,
        customerId,
        userIdType: 'customer' as const,
        documentId: doc.id,
        documentType: doc.documentType,
        version: doc.version,
        acknowledgedAt: now,
      });
    }
    await tx.insert(legalAcknowledgements).values(rows);
    return getAcknowledgedPolicies(clientId, customerId, tx);
  });
}
