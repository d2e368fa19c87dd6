import Link from 'next/link';
import { requireStaffPage } from '@/lib/server/console-session';
import { ProductEditor } from '@/components/console/catalogue/product-editor';
import { linkClass } from '@/components/console/ui';

// A new product (owner and managers).

export default async function NewProductPage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  await requireStaffPage(brand, 'catalogue', 'write');
  return (
    <div>
      <p className="mb-2">
        <Link href={`/${brand}/catalogue`} className={linkClass}>
          Catalogue
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">New product</h1>
      <ProductEditor brand={brand} />
    </div>
  );
}
