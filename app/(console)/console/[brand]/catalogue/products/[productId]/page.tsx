import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleBatchesRoute, consoleProductRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { ProductEditor, consoleImageSrc } from '@/components/console/catalogue/product-editor';
import { Alert } from '@/components/ui/alert';
import { Gs1KeyForm } from '@/components/console/catalogue/gs1-key-form';
import { linkClass, Section } from '@/components/console/ui';

// One product: its editor (owner and managers) or its details (readers), and its batches.

export default async function ProductPage({ params, searchParams }: { params: Promise<{ brand: string; productId: string }>; searchParams: Promise<{ created?: string }> }) {
  const { brand, productId } = await params;
  const { created } = await searchParams;
  const { role } = await requireStaffPage(brand, 'catalogue', 'read');
  const canWrite = roleMay(role, 'catalogue', 'write');
  // No such product of this brand, or not an id at all (refused by the route's params): not found.
  const product = await callRoute(consoleProductRoute, { params: { brand, productId } }).catch((err) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  });
  const { batches } = await callRoute(consoleBatchesRoute, { params: { brand }, query: { productId: product.id } });
  return (
    <div>
      <p className="mb-2">
        <Link href={`/${brand}/catalogue`} className={linkClass}>
          Catalogue
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">{product.name}</h1>
      {created === '1' && <Alert kind="success">The product is created.</Alert>}
      {canWrite ? (
        <ProductEditor brand={brand} product={product} />
      ) : (
        <dl className="mb-6 grid max-w-2xl grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
          <dt className="font-medium">Description</dt>
          <dd>{product.description || '—'}</dd>
          <dt className="font-medium">Warranty</dt>
          <dd>{product.warrantyMonths ? `${product.warrantyMonths} months` : 'None'}</dd>
          {product.attributes.map((a, i) => (
            <div key={i} className="contents">
              <dt className="font-medium">{a.name}</dt>
              <dd>{a.value}</dd>
            </div>
          ))}
          <dt className="font-medium">Images</dt>
          <dd className="flex flex-wrap gap-2">
            {product.images.length
              ? product.images.map((ref, i) => (
                  // eslint-disable-next-line @next/next/no-img-element -- served by the console API
                  <img key={ref} src={consoleImageSrc(brand, ref)} alt={`Image ${i + 1} of ${product.name}`} className="h-24 w-24 rounded border border-gray-300 object-cover" />
                ))
              : 'None'}
          </dd>
        </dl>
      )}
      <Section title="GS1 barcode number" id="product-gtin">
        {canWrite ? (
          <Gs1KeyForm brand={brand} id={product.id} field="gtin" value={product.gtin ?? ''} />
        ) : (
          <p>GTIN: {product.gtin ?? 'none'}</p>
        )}
      </Section>
      <Section title="Batches of this product" id="product-batches">
        {canWrite && (
          <p className="mb-3">
            <Link href={`/${brand}/catalogue/batches/new?product=${product.id}`} className={linkClass}>
              New batch of {product.name}
            </Link>
          </p>
        )}
        {batches.length ? (
          <ul className="list-disc pl-6">
            {batches.map((b) => (
              <li key={b.id}>
                <Link href={`/${brand}/catalogue/batches/${b.id}`} className={linkClass}>
                  {b.batchNumber}
                </Link>{' '}
                ({b.codes.toLocaleString('en')} codes)
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-700">No batches yet.</p>
        )}
      </Section>
    </div>
  );
}
