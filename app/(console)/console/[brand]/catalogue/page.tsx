import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleBatchesRoute, consoleProductsRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { productImageIdOf } from '@/lib/schemas/console-catalogue';
import { linkClass, Section } from '@/components/console/ui';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// The console's catalogue: the brand's products and batches, with links to edit them, make a
// batch and generate its codes. Rendered on the server (works without JavaScript).

export default async function CataloguePage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  const { role } = await requireStaffPage(brand, 'catalogue', 'read');
  const canWrite = roleMay(role, 'catalogue', 'write');
  const [{ products }, { batches }] = await Promise.all([callRoute(consoleProductsRoute, { params: { brand } }), callRoute(consoleBatchesRoute, { params: { brand } })]);
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Catalogue</h1>
      <Section title="Products" id="products">
        {canWrite && (
          <p className="mb-3">
            <Link href={`/${brand}/catalogue/products/new`} className={linkClass}>
              New product
            </Link>
          </p>
        )}
        {products.length ? (
          <table className="w-full max-w-4xl border-collapse text-left">
            <thead>
              <tr className="border-b border-gray-400">
                <th scope="col" className="py-2 pr-4">Product</th>
                <th scope="col" className="py-2 pr-4">Warranty</th>
                <th scope="col" className="py-2 pr-4">Attributes</th>
                <th scope="col" className="py-2 pr-4">Images</th>
                <th scope="col" className="py-2 pr-4">Batches</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => {
                const first = p.images[0];
                const imageId = first ? productImageIdOf(first) : undefined;
                return (
                  <tr key={p.id} className="border-b border-gray-200">
                    <td className="py-2 pr-4">
                      <span className="flex items-center gap-2">
                        {imageId && (
                          // eslint-disable-next-line @next/next/no-img-element -- served by the console API
                          <img src={consoleApiHref(CONSOLE_API.image, { brand, imageId })} alt="" className="h-10 w-10 rounded object-cover" />
                        )}
                        <Link href={`/${brand}/catalogue/products/${p.id}`} className={linkClass}>
                          {p.name}
                        </Link>
                      </span>
                    </td>
                    <td className="py-2 pr-4">{p.warrantyMonths ? `${p.warrantyMonths} months` : 'None'}</td>
                    <td className="py-2 pr-4">{p.attributes.map((a) => `${a.name}: ${a.value}`).join(', ') || '—'}</td>
                    <td className="py-2 pr-4">{p.images.length}</td>
                    <td className="py-2 pr-4">{p.batches}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <p className="text-gray-700">No products yet.</p>
        )}
      </Section>
      <Section title="Batches" id="batches">
        {canWrite && products.length > 0 && (
          <p className="mb-3">
            <Link href={`/${brand}/catalogue/batches/new`} className={linkClass}>
              New batch
            </Link>
          </p>
        )}
        {batches.length ? (
          <table className="w-full max-w-4xl border-collapse text-left">
            <thead>
              <tr className="border-b border-gray-400">
                <th scope="col" className="py-2 pr-4">Batch</th>
                <th scope="col" className="py-2 pr-4">Product</th>
                <th scope="col" className="py-2 pr-4">Manufactured</th>
                <th scope="col" className="py-2 pr-4">Expires</th>
                <th scope="col" className="py-2 pr-4">Markets</th>
                <th scope="col" className="py-2 pr-4">Codes</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id} className="border-b border-gray-200">
                  <td className="py-2 pr-4">
                    <Link href={`/${brand}/catalogue/batches/${b.id}`} className={linkClass}>
                      {b.batchNumber}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{b.productName}</td>
                  <td className="py-2 pr-4">{b.mfgDate ?? '—'}</td>
                  <td className="py-2 pr-4">{b.expiryDate ?? '—'}</td>
                  <td className="py-2 pr-4">{b.markets.join(', ') || 'Anywhere'}</td>
                  <td className="py-2 pr-4">{b.codes.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-gray-700">No batches yet.</p>
        )}
      </Section>
    </div>
  );
}
