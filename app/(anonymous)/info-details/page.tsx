import { CodeLookup } from '@/components/scan/code-lookup.server';
import type { SearchParams } from '@/components/scan/location';

// /info-details?qrId= — a product's details by its code, without signing in
export default function InfoDetailsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CodeLookup mode="details" title="Product information" intro="Type the code printed on a product to see what it is and its batch." searchParams={searchParams} />;
}
