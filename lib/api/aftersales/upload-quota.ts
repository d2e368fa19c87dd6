import 'server-only';
import { and, eq, lte, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { uploadReservations } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { env } from '@/lib/edge/env';

// Upload quotas (docs/security.md, "Uploads and deletion"), reserved before a body streams:
// - one customer at a brand: UPLOAD_QUOTA_CUSTOMER_MB, or UPLOAD_QUOTA_UNVERIFIED_MB while the
//   account's contact is not confirmed (customers.contact_verified_at is null);
// - all unconfirmed accounts of a brand together: a tenth of the brand quota, so throwaway
//   sign-ups cannot fill the brand's space and shut every customer's uploads out;
// - one brand: UPLOAD_QUOTA_BRAND_MB; past 90% the operator is warned in the server log.
// Live files and unexpired reservations count alike (a file once, while its upload's
// reservation names it). The check and the reservation run in one
// short transaction under an advisory lock per brand, so concurrent uploads see each other's
// reservations and cannot pass a quota together; the body streams outside it (PGlite runs one
// transaction at a time).

const MB = 1024 * 1024;
const mb = (n: number) => `${Math.round((n / MB) * 10) / 10} MB`;
const LOCK_SPACE = 0x75706c; // advisory lock namespace of upload quotas ("upl")
const RESERVATION_TTL = "interval '1 hour'"; // longer than any request may stream
const WARN_SHARE = 0.9;
const WARN_EVERY_MS = 60 * 60 * 1000;
const warnedAt = new Map<string, number>();

/** Bytes an upload may store (`left`), what to say past them, and how to hand them back. */
export type QuotaReservation = { left: number; message: string; id: string | null };

export function quotaLimits() {
  const e = env();
  const brand = Math.floor(e.UPLOAD_QUOTA_BRAND_MB * MB);
  return {
    customer: Math.floor(e.UPLOAD_QUOTA_CUSTOMER_MB * MB),
    unverified: Math.floor(e.UPLOAD_QUOTA_UNVERIFIED_MB * MB),
    unverifiedPool: Math.floor(brand / 10),
    brand,
  };
}

/**
 * Reserves up to `wanted` bytes for an upload of `customerId` at `clientId`: as many as every quota
 * still allows (0 when one is reached; then no reservation is written).
 */
export async function reserveQuota(clientId: string, customerId: string, wanted: number): Promise<QuotaReservation> {
  const db = await getDb();
  const limits = quotaLimits();
  const r = await db.transaction(async (tx) => {
    // One brand's uploads take turns here; other brands do not wait.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${clientId}))`);
    await tx.delete(uploadReservations).where(and(eq(uploadReservations.clientId, clientId), lte(uploadReservations.expiresAt, sql`now()`)));
    const res = await tx.execute(sql`
      with used as (
        select f.customer_id, f.size::bigint as bytes from files f
        where f.client_id = ${clientId} and f.erased_at is null
          -- a file whose upload still holds its reservation counts there, not twice
          and not exists (select 1 from upload_reservations r where r.client_id = ${clientId} and f.storage_key = any(r.storage_keys))
        union all
        select customer_id, bytes from upload_reservations where client_id = ${clientId}
      )
      select coalesce(sum(u.bytes), 0) as brand,
             coalesce(sum(u.bytes) filter (where u.customer_id = ${customerId}), 0) as mine,
             coalesce(sum(u.bytes) filter (where c.contact_verified_at is null), 0) as unverified,
             (select contact_verified_at is not null from customers where id = ${customerId} and client_id = ${clientId}) as me_verified
      from used u join customers c on c.id = u.customer_id`);
    // Both drivers (node-postgres, PGlite) answer { rows }.
    const row = (res as unknown as { rows: { brand: string | number; mine: string | number; unverified: string | number; me_verified: boolean | null }[] }).rows[0];
    const brandUsed = Number(row?.brand ?? 0);
    const mine = Number(row?.mine ?? 0);
    const verified = row?.me_verified === true;
    const options: { left: number; message: string }[] = [
      verified
        ? { left: limits.customer - mine, message: `Upload quota reached: your files may take at most ${mb(limits.customer)} in all at this brand (${mb(mine)} used).` }
        : {
            left: limits.unverified - mine,
            message: `Upload quota reached: until you confirm your e-mail address or mobile number, your files may take at most ${mb(limits.unverified)} at this brand (${mb(mine)} used).`,
          },
      { left: limits.brand - brandUsed, message: `Upload quota reached: this brand's files may take at most ${mb(limits.brand)} in all. Please contact the brand.` },
    ];
    if (!verified) {
      options.push({
        left: limits.unverifiedPool - Number(row?.unverified ?? 0),
        message: 'Upload quota reached: confirm your e-mail address or mobile number to upload files at this brand.',
      });
    }
    const tightest = options.reduce((a, b) => (b.left < a.left ? b : a));
    const left = Math.max(0, Math.min(wanted, tightest.left));
    if (left === 0) return { left: 0, message: tightest.message, id: null, brandUsed };
    const id = randomId('ur');
    await tx.insert(uploadReservations).values({ id, clientId, customerId, bytes: left, expiresAt: sql`now() + ${sql.raw(RESERVATION_TTL)}` });
    return { left, message: tightest.message, id, brandUsed: brandUsed + left };
  });
  warnNearBrandQuota(clientId, r.brandUsed, limits.brand);
  return { left: r.left, message: r.message, id: r.id };
}

/**
 * Once the body is read: the reservation shrinks to what the upload stored and names the stored
 * objects, so their files rows, once in, are not counted beside it.
 */
export async function settleReservation(id: string | null, bytes: number, storageKeys: string[]) {
  if (!id) return;
  const db = await getDb();
  await db.update(uploadReservations).set({ bytes, storageKeys }).where(eq(uploadReservations.id, id));
}

/** Hands a reservation back: its files rows are in, or the upload failed. */
export async function releaseReservation(id: string | null) {
  if (!id) return;
  const db = await getDb();
  await db.delete(uploadReservations).where(eq(uploadReservations.id, id));
}

/** Tells the operator, at most once an hour per brand and process, that a brand's uploads near its quota. */
function warnNearBrandQuota(clientId: string, used: number, quota: number) {
  if (used < quota * WARN_SHARE) return;
  const now = Date.now();
  if (now - (warnedAt.get(clientId) ?? -Infinity) < WARN_EVERY_MS) return;
  warnedAt.set(clientId, now);
  console.warn(
    `[brand-verify] uploads of brand ${clientId} take ${mb(used)} of its ${mb(quota)} quota (${Math.floor((used / quota) * 100)}%); past it every customer's upload is refused: raise UPLOAD_QUOTA_BRAND_MB or free space`,
  );
}
