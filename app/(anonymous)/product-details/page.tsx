import { CodeLookup } from '@/components/scan/code-lookup.server';
import type { SearchParams } from '@/components/scan/location';

// /product-details?qrId= — the product and batch of a code
export default function ProductDetailsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CodeLookup mode="details" title="Product details" intro="Type the code printed on a product to see its details, batch and dates." searchParams={searchParams} />;
}
