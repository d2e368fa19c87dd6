import { CodeLookup } from '@/components/scan/code-lookup.server';
import type { SearchParams } from '@/components/scan/location';

// /info-tracking?qrId= — the journey of a code, without signing in (isTrackingEnabled)
export default function InfoTrackingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CodeLookup mode="tracking" flag="isTrackingEnabled" title="Tracking information" intro="Type the code of a product, case or pallet to see its journey." searchParams={searchParams} />;
}
