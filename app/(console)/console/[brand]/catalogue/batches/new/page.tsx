import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleProductsRoute } from '@/lib/server/routes';
import { BatchForm } from '@/components/console/catalogue/batch-form';
import { linkClass } from '@/components/console/ui';

// A new batch (owner and managers); ?product=<id> chooses the product.

export default async function NewBatchPage({ params, searchParams }: { params: Promise<{ brand: string }>; searchParams: Promise<{ product?: string }> }) {
  const { brand } = await params;
  const { product } = await searchParams;
  await requireStaffPage(brand, 'catalogue', 'write');
  const products = (await callRoute(consoleProductsRoute, { params: { brand } })).products.map((p) => ({ id: p.id, name: p.name }));
  return (
    <div>
      <p className="mb-2">
        <Link href={`/${brand}/catalogue`} className={linkClass}>
          Catalogue
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">New batch</h1>
      {products.length ? (
        <BatchForm brand={brand} products={products} productId={products.some((p) => p.id === product) ? product : undefined} />
      ) : (
        <p>
          A batch is of a product:{' '}
          <Link href={`/${brand}/catalogue/products/new`} className={linkClass}>
            create a product
          </Link>{' '}
          first.
        </p>
      )}
    </div>
  );
}
