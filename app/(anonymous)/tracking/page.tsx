import { CodeLookup } from '@/components/scan/code-lookup.server';
import type { SearchParams } from '@/components/scan/location';

// /tracking?qrId= — the journey of a code (isTrackingEnabled)
export default function TrackingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <CodeLookup mode="tracking" flag="isTrackingEnabled" title="Tracking" intro="Type the code of a product, case or pallet to see where it has been." searchParams={searchParams} />;
}
