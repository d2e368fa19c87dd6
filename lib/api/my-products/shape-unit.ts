import 'server-only';
import { shapeBatch, shapeProduct } from '../verify/shape';
import type { MyUnit } from '../aftersales/find-my-unit';
import { daysUntil, warrantyStatus } from '@/lib/domain/warranty';
import type { MyProduct } from '@/lib/schemas/my-products';

// A claimed unit as the customer sees it: product, batch, expiry check, warranty summary.

export function shapeUnit(u: MyUnit, warranty: { endsOn: string; status: 'REGISTERED' | 'VOID' } | undefined, today: string): MyProduct {
  const expiryDate = u.batch.expiryDate;
  return {
    unitId: u.unitId,
    productId: u.product.id,
    product: shapeProduct(u.product),
    batch: shapeBatch(u.batch),
    claimedAt: u.claimedAt.toISOString(),
    expiry: {
      expiryDate: expiryDate ?? 'Not Applicable',
      isExpired: expiryDate !== null && expiryDate < today,
      daysLeft: expiryDate === null ? null : daysUntil(expiryDate, today),
    },
    warranty: warranty ? { status: warrantyStatus(warranty.endsOn, warranty.status, today), endsOn: warranty.endsOn } : null,
  };
}
