import { CodeLookup } from '@/components/scan/code-lookup.server';
import type { SearchParams } from '@/components/scan/location';

// /expiry-check?qrId= — a signed-in customer checks a product's expiry
export default function ExpiryCheckPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CodeLookup mode="expiry" title="Expiry check" intro="Type or scan the code printed on a product to see whether it is past its expiry date." searchParams={searchParams} />;
}
