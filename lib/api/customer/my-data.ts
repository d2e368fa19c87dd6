import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { cookieConsents, legalAcknowledgements } from '@/lib/db/schema';
import type { Consents, MyData } from '@/lib/schemas/my-data';
import { getProfile } from './get-profile';
import { listMyProducts } from '../my-products/list-my-products';
import { findWarranties } from '../warranty/shape-warranty';
import { listComplaints } from '../complaints/find-complaints';
import { findGrants, listTransactions } from '../rewards/find-grants';
import { listMessages } from '../messages/customer-messages';

// Everything this brand holds about the customer (GET /api/customer/my-data): the same answers
// the app's own screens read, each scoped by the brand and the customer, and the consent records.

async function consentsOf(clientId: string, customerId: string): Promise<Consents> {
  const db = await getDb();
  const [policies, cookies] = await Promise.all([
    db
      .select({ documentType: legalAcknowledgements.documentType, version: legalAcknowledgements.version, acknowledgedAt: legalAcknowledgements.acknowledgedAt })
      .from(legalAcknowledgements)
      .where(and(eq(legalAcknowledgements.clientId, clientId), eq(legalAcknowledgements.customerId, customerId)))
      .orderBy(asc(legalAcknowledgements.acknowledgedAt), asc(legalAcknowledgements.id)),
    db
      .select({ givenAt: cookieConsents.givenAt })
      .from(cookieConsents)
      .where(and(eq(cookieConsents.clientId, clientId), eq(cookieConsents.customerId, customerId)))
      .orderBy(asc(cookieConsents.givenAt), asc(cookieConsents.id)),
  ]);
  return {
    policies: policies.map((p) => ({ documentType: p.documentType, version: p.version, acknowledgedAt: p.acknowledgedAt.toISOString() })),
    cookieConsent: cookies.map((c) => ({ givenAt: c.givenAt.toISOString() })),
  };
}

export async function myData(clientId: string, customerId: string, brand: string, now = new Date()): Promise<MyData> {
  const db = await getDb();
  const [profile, products, warranties, complaints, rewards, transactions, messages, consents] = await Promise.all([
    getProfile(clientId, customerId),
    listMyProducts(clientId, customerId),
    findWarranties(db, clientId, customerId),
    listComplaints(db, clientId, customerId),
    findGrants(db, clientId, customerId),
    listTransactions(db, clientId, customerId),
    listMessages(clientId, customerId),
    consentsOf(clientId, customerId),
  ]);
  return { exportedAt: now.toISOString(), brand, profile, products: products.products, warranties, complaints, rewards, transactions, messages: messages.messages, consents };
}
