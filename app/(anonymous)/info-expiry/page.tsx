import { CodeLookup } from '@/components/scan/code-lookup.server';
import type { SearchParams } from '@/components/scan/location';

// /info-expiry?qrId= — whether a product is past its expiry date, without signing in
export default function InfoExpiryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CodeLookup mode="expiry" title="Expiry" intro="Type the code printed on a product to see whether it is past its expiry date." searchParams={searchParams} />;
}
