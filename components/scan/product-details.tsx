import type { z } from 'zod';
import type { batchInfoSchema, productInfoSchema } from '@/lib/schemas/verify';
import type { I18n, Translate } from '@/lib/shared/i18n';

// The product and batch of a code, as the verify API answers them. No client JavaScript.

type Product = z.infer<typeof productInfoSchema>;
type Batch = z.infer<typeof batchInfoSchema>;

export function ProductDetails({ product, t }: { product: Product; t: Translate }) {
  const image = product.images[0];
  return (
    <section aria-labelledby="product-heading" className="mt-4 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="product-heading" className="text-lg font-semibold text-gray-900">{product.name}</h2>
      {image && (
        // eslint-disable-next-line @next/next/no-img-element -- product images are brand URLs of any origin
        <img src={image} alt={product.name} loading="lazy" className="mt-3 max-h-48 w-full rounded-md object-contain" />
      )}
      {product.description && <p className="mt-2 text-gray-800">{product.description}</p>}
      {(product.attributes.length > 0 || product.warrantyMonths > 0) && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {product.attributes.map((a) => (
            <div key={a.name} className="contents">
              <dt className="font-medium text-gray-700">{a.name}</dt>
              <dd className="text-gray-900">{a.value}</dd>
            </div>
          ))}
          {product.warrantyMonths > 0 && (
            <div className="contents">
              <dt className="font-medium text-gray-700">{t('product.warranty')}</dt>
              <dd className="text-gray-900">{t('product.warrantyMonths', { count: product.warrantyMonths })}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

export function BatchDetails({ batch, i18n: { t, f } }: { batch: Batch; i18n: I18n }) {
  return (
    <section aria-labelledby="batch-heading" className="mt-4 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="batch-heading" className="text-lg font-semibold text-gray-900">{t('batch.heading')}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="batch-details">
        <dt className="font-medium text-gray-700">{t('batch.number')}</dt>
        <dd className="text-gray-900">{batch.batchNumber}</dd>
        <dt className="font-medium text-gray-700">{t('batch.manufactured')}</dt>
        <dd className="text-gray-900">{f.day(batch.mfgDate)}</dd>
        <dt className="font-medium text-gray-700">{t('batch.expiry')}</dt>
        <dd className="text-gray-900">{f.day(batch.expiryDate)}</dd>
      </dl>
    </section>
  );
}
