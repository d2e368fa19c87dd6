import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import type { Channel } from '@/lib/schemas/auth';
import { ApiError } from '@/lib/errors';

// Customer rows as the account flows need them. Every lookup is scoped by the brand: the same
// e-mail at two brands is two customers.

export type CustomerRow = typeof customers.$inferSelect;

const contactColumn = (channel: Channel) => (channel === 'email' ? customers.email : customers.mobile);

/** The ACTIVE customer of this brand with this contact, if any. */
export async function findCustomerByContact(clientId: string, channel: Channel, contact: string): Promise<CustomerRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(contactColumn(channel), contact), eq(customers.dataStatus, 'ACTIVE')))
    .limit(1);
  return row;
}

export async function findActiveCustomer(clientId: string, customerId: string): Promise<CustomerRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.id, customerId), eq(customers.dataStatus, 'ACTIVE')))
    .limit(1);
  return row;
}

export function accountExists(channel: Channel) {
  return new ApiError(
    'conflict',
    `An account with this ${channel === 'email' ? 'e-mail address' : 'mobile number'} already exists. Please sign in.`,
  );
}

/** The channel and contact an account signs in with (the one its owner proves possession of). */
export function contactOf(row: Pick<CustomerRow, 'email' | 'mobile'>): { channel: Channel; contact: string } | undefined {
  if (row.email) return { channel: 'email', contact: row.email };
  if (row.mobile) return { channel: 'mobile', contact: row.mobile };
  return undefined;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function createCustomer(
  clientId: string,
  input: { channel: Channel; contact: string; passwordHash: string | null; userName: string | null; verified: boolean },
): Promise<CustomerRow> {
  const db = await getDb();
  try {
    const [row] = await db
      .insert(customers)
      .values({
        id: randomId('cus'),
        clientId,
        userName: input.userName,
        email: input.channel === 'email' ? input.contact : null,
        mobile: input.channel === 'mobile' ? input.contact : null,
        passwordHash: input.passwordHash,
        contactVerifiedAt: input.verified ? new Date() : null,
      })
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw accountExists(input.channel);
    throw err;
  }
}
