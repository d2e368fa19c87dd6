import type { z } from 'zod';
import { unstable_rethrow } from 'next/navigation';
import { readBrand } from '@/lib/server/tenant';
import { callRoute } from '@/lib/server/call-route';
import { batchDetailsRoute } from '@/lib/server/routes';
import type { batchDetailsResponseSchema } from '@/lib/schemas/verify';
import { Page } from '@/components/ui/page';
import { LookupForm } from '@/components/scan/lookup-form';
import { BatchDetails, ProductDetails } from '@/components/scan/product-details';
import { ResultBanner } from '@/components/scan/verdict-card';
import type { SearchParams } from '@/components/scan/location';
import { ApiRequestError, errorMessageOf } from '@/lib/shared/fetch-rules';

// /verify-by-batchnumber?batchNumber= — the product and dates of a batch of this brand
// (GET /api/verify/batch/{batchNumber}; another brand's batch is not found).

type Found = { ok: true; data: z.output<typeof batchDetailsResponseSchema> } | { ok: false; status: number; message: string };

async function lookUpBatch(batchNumber: string): Promise<Found> {
  try {
    return { ok: true, data: await callRoute(batchDetailsRoute, { params: { batchNumber } }) };
  } catch (err) {
    unstable_rethrow(err);
    return { ok: false, status: err instanceof ApiRequestError ? err.status : 500, message: errorMessageOf(undefined, err) };
  }
}

async function BatchAnswer({ batchNumber, brand }: { batchNumber: string; brand: string }) {
  const found = await lookUpBatch(batchNumber);
  if (found.ok) {
    return (
      <div data-testid="lookup-answer">
        <ProductDetails product={found.data.product} />
        <BatchDetails batch={found.data.batch} />
      </div>
    );
  }
  const missing = found.status === 404 || found.status === 422;
  return (
    <div className="mt-6">
      <ResultBanner tone={missing ? 'warning' : 'neutral'} title={missing ? 'Batch not found' : 'Could not check this batch'} level={2}>
        <p className="mt-1">{missing ? `No batch with the number ${batchNumber} was found at ${brand}. Check the number printed on the pack.` : found.message}</p>
      </ResultBanner>
    </div>
  );
}

export default async function VerifyByBatchNumberPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, result] = await Promise.all([searchParams, readBrand()]);
  const raw = params.batchNumber;
  const batchNumber = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 64);
  return (
    <Page title="Verify by batch number" intro="Type the batch number printed on the pack to see its product and dates.">
      <LookupForm name="batchNumber" label="Batch number" hint="For example B-001, as printed next to the dates." value={batchNumber} submit="Show batch" />
      {batchNumber && <BatchAnswer batchNumber={batchNumber} brand={result.ok ? result.brand.organizationName : 'this brand'} />}
    </Page>
  );
}
