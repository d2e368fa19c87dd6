import type { z } from 'zod';
import { unstable_rethrow } from 'next/navigation';
import { readBrand } from '@/lib/server/tenant';
import { callRoute } from '@/lib/server/call-route';
import { batchDetailsRoute } from '@/lib/server/routes';
import type { batchDetailsResponseSchema } from '@/lib/schemas/verify';
import { pageLanguage } from '@/lib/server/i18n';
import type { I18n } from '@/lib/shared/i18n';
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

async function BatchAnswer({ batchNumber, brand, i18n }: { batchNumber: string; brand: string; i18n: I18n }) {
  const { t } = i18n;
  const found = await lookUpBatch(batchNumber);
  if (found.ok) {
    return (
      <div data-testid="lookup-answer">
        <ProductDetails product={found.data.product} t={t} />
        <BatchDetails batch={found.data.batch} i18n={i18n} />
      </div>
    );
  }
  const missing = found.status === 404 || found.status === 422;
  return (
    <div className="mt-6">
      <ResultBanner tone={missing ? 'warning' : 'neutral'} title={missing ? t('batch.notFound') : t('batch.couldNotCheck')} level={2} t={t}>
        <p className="mt-1">{missing ? t('batch.notFoundText', { batchNumber, brand }) : found.message}</p>
      </ResultBanner>
    </div>
  );
}

export default async function VerifyByBatchNumberPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, result, i18n] = await Promise.all([searchParams, readBrand(), pageLanguage()]);
  const { t } = i18n;
  const raw = params.batchNumber;
  const batchNumber = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 64);
  return (
    <Page title={t('batch.pageTitle')} intro={t('batch.pageIntro')}>
      <LookupForm name="batchNumber" label={t('batch.number')} hint={t('batch.hint')} value={batchNumber} submit={t('batch.show')} />
      {batchNumber && <BatchAnswer batchNumber={batchNumber} brand={result.ok ? result.brand.organizationName : t('shell.thisBrand')} i18n={i18n} />}
    </Page>
  );
}
