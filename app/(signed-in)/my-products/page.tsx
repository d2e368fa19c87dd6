import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { ProductCard } from '@/components/products/product-card';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { callRoute } from '@/lib/server/call-route';
import { myProductsRoute } from '@/lib/server/routes';
import { readBrand } from '@/lib/server/tenant';
import { MyDisputes } from '@/components/disputes/my-disputes.server';

// /my-products — the customer's claimed units, newest first (GET /api/customer/my-products), and
// their disputed claims when they have any (GET /api/disputes).
export default async function MyProductsPage() {
  const [loaded, brand] = await Promise.all([load(callRoute(myProductsRoute)), readBrand()]);
  const showWarranty = brand.ok && brand.brand.isWarrantyEnabled;
  return (
    <ModuleScreen title="My products" intro="The products you claimed by scanning their code after purchase.">
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} back={{ href: '/', label: 'Back to the home screen' }} />
      ) : loaded.data.products.length === 0 ? (
        <div className="rounded-lg border border-gray-300 bg-white p-4" data-testid="no-products">
          <p className="font-semibold text-gray-900">You have not claimed a product yet.</p>
          <p className="mt-2 text-gray-800">
            After you buy a product, scan the hidden code inside its pack (under the scratch-off or inside the lid). The product is then
            yours and appears here.
          </p>
          <p className="mt-4">
            <Link className="font-medium text-brand-primary underline" href="/qr-scan">
              Scan a product
            </Link>
          </p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Your products">
          {loaded.data.products.map((p) => (
            <ProductCard key={p.unitId} product={p} showWarranty={showWarranty} />
          ))}
        </ul>
      )}
      <MyDisputes />
    </ModuleScreen>
  );
}
