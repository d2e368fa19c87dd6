import Link from 'next/link';
import type { MyProduct } from '@/lib/schemas/my-products';
import { day, expiryText, warrantyText } from './format';

// One claimed unit in /my-products: product, batch, claimed date, expiry and warranty, linking to its details.
export function ProductCard({ product, showWarranty }: { product: MyProduct; showWarranty: boolean }) {
  return (
    <li className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-gray-900">
        <Link className="text-brand-primary underline" href={`/my-product-details?unitId=${encodeURIComponent(product.unitId)}`}>
          {product.product.name}
        </Link>
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-800">
        <dt className="font-medium">Batch</dt>
        <dd>{product.batch.batchNumber}</dd>
        <dt className="font-medium">Claimed</dt>
        <dd>{day(product.claimedAt.slice(0, 10))}</dd>
        <dt className="font-medium">Expiry</dt>
        <dd className={product.expiry.isExpired ? 'font-semibold text-red-800' : ''}>{expiryText(product.expiry)}</dd>
        {showWarranty && (
          <>
            <dt className="font-medium">Warranty</dt>
            <dd>{warrantyText(product.warranty)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
