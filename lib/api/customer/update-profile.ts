import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { findActiveCustomer } from '../auth/customers';
import { ApiError } from '../errors';
import { EMPTY_ADDRESS, type CustomerProfile, type updateProfileBodySchema } from '@/lib/schemas/customer';
import { toProfile } from './to-profile';

// PUT /api/customer/customer-profile — changes the fields given; address fields merge into the
// stored address. Contact (e-mail, mobile) is not changed here: it is the sign-in identity.
export async function updateProfile(clientId: string, customerId: string, body: z.output<typeof updateProfileBodySchema>): Promise<CustomerProfile> {
  const current = await findActiveCustomer(clientId, customerId);
  if (!current) throw new ApiError('unauthorized', 'Unauthorized');
  const db = await getDb();
  const [row] = await db
    .update(customers)
    .set({
      ...(body.userName !== undefined ? { userName: body.userName } : {}),
      ...(body.companyName !== undefined ? { companyName: body.companyName || null } : {}),
      ...(body.gender !== undefined ? { gender: body.gender } : {}),
      ...(body.dob !== undefined ? { dob: body.dob } : {}),
      ...(body.vpa !== undefined ? { vpa: body.vpa } : {}),
      ...(body.address !== undefined ? { address: { ...EMPTY_ADDRESS, ...(current.address ?? {}), ...body.address } } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(customers.id, customerId), eq(customers.clientId, clientId), eq(customers.dataStatus, 'ACTIVE')))
    .returning();
  if (!row) throw new ApiError('unauthorized', 'Unauthorized');
  return toProfile(row);
}
