import Link from 'next/link';
import type { MyProduct } from '@/lib/schemas/my-products';
import type { I18n } from '@/lib/shared/i18n';
import { expiryText, warrantyText } from './format';

// One claimed unit in /my-products: product, batch, claimed date, expiry and warranty, linking to its details.
export function ProductCard({ product, showWarranty, i18n }: { product: MyProduct; showWarranty: boolean; i18n: I18n }) {
  const { t, f } = i18n;
  return (
    <li className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-gray-900">
        <Link className="text-brand-primary underline" href={`/my-product-details?unitId=${encodeURIComponent(product.unitId)}`}>
          {product.product.name}
        </Link>
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-gray-800">
        <dt className="font-medium">{t('products.batch')}</dt>
        <dd>{product.batch.batchNumber}</dd>
        <dt className="font-medium">{t('products.claimed')}</dt>
        <dd>{f.day(product.claimedAt.slice(0, 10))}</dd>
        <dt className="font-medium">{t('products.expiry')}</dt>
        <dd className={product.expiry.isExpired ? 'font-semibold text-red-800' : ''}>{expiryText(i18n, product.expiry)}</dd>
        {showWarranty && (
          <>
            <dt className="font-medium">{t('product.warranty')}</dt>
            <dd>{warrantyText(i18n, product.warranty)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
