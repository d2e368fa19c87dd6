import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { headers } from 'next/headers';
import { callRoute } from '@/lib/server/call-route';
import { trackingRoute, verifyCodeRoute } from '@/lib/server/routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { readBrand } from '@/lib/server/tenant';
import { readSession } from '@/lib/server/session';
import { pageLanguage } from '@/lib/server/i18n';
import type { I18n, MessageKey } from '@/lib/shared/i18n';
import type { z } from 'zod';
import type { trackingResponseSchema, VerifyResponse } from '@/lib/schemas/verify';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';
import { VerdictCard, ResultBanner } from './verdict-card';
import { BatchDetails, ProductDetails } from './product-details';
import { TrackingJourney } from './tracking-journey';
import { LookupForm } from './lookup-form';
import { qrIdOf } from './recognize-link';
import { expiryStateOf } from './format';
import type { SearchParams } from './location';
import { errorMessageOf } from '@/lib/shared/fetch-rules';

// The look-up screens of a code typed or pasted into a form (?qrId=): its details, its expiry,
// its journey. Rendered on the server; the details and expiry use the info route of the verify
// API (an info scan), the journey GET /api/tracking/{qrId}.

export type LookupMode = 'details' | 'expiry' | 'tracking';
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const SUBMIT: Record<LookupMode, MessageKey> = { details: 'lookup.showDetails', expiry: 'lookup.checkExpiry', tracking: 'lookup.showJourney' };
/** What a switched-off look-up is called in the gate's note. */
const OFFERED: Record<LookupMode, MessageKey> = { details: 'lookup.offeredDetails', expiry: 'lookup.offeredExpiry', tracking: 'lookup.offeredTracking' };

function Problem({ title, message, i18n }: { title: string; message: string; i18n: I18n }) {
  return (
    <div className="mt-6">
      <ResultBanner tone="neutral" title={title} level={2} t={i18n.t}><p className="mt-1">{message}</p></ResultBanner>
    </div>
  );
}

type Found =
  | { kind: 'tracking'; data: z.infer<typeof trackingResponseSchema> }
  | { kind: 'verdict'; data: VerifyResponse }
  | { kind: 'error'; status: number; message: string };

async function lookUp(mode: LookupMode, qrId: string): Promise<Found> {
  try {
    if (mode === 'tracking') {
      return { kind: 'tracking', data: await callRoute(trackingRoute, { params: { qrId } }) };
    }
    return { kind: 'verdict', data: await callRoute(verifyCodeRoute, { params: { route: 'info', qrId } }) };
  } catch (err) {
    unstable_rethrow(err);
    return { kind: 'error', status: err instanceof ApiRequestError ? err.status : 500, message: errorMessageOf(undefined, err) };
  }
}

function ExpiryAnswer({ verdict, i18n }: { verdict: VerifyResponse & { batch: NonNullable<VerifyResponse['batch']> }; i18n: I18n }) {
  const { t, f } = i18n;
  const state = expiryStateOf(verdict.batch.expiryDate, new Date().toISOString().slice(0, 10));
  const tone = state === 'expired' ? 'warning' : state === 'good' ? 'genuine' : 'info';
  const title = t(state === 'expired' ? 'label.expired' : state === 'good' ? 'lookup.notExpired' : 'lookup.noExpiry');
  const message =
    state === 'expired' ? t('lookup.expiredOn', { date: f.day(verdict.batch.expiryDate) })
    : state === 'good' ? t('lookup.goodUntil', { date: f.day(verdict.batch.expiryDate) })
    : t('lookup.noExpiryText');
  return (
    <div className="mt-6" data-testid="lookup-answer">
      <ResultBanner tone={tone} title={title} level={2} t={t}><p className="mt-1">{message}</p></ResultBanner>
      {verdict.product && <ProductDetails product={verdict.product} t={t} />}
      <BatchDetails batch={verdict.batch} i18n={i18n} />
    </div>
  );
}

async function Answer({ mode, qrId }: { mode: LookupMode; qrId: string }) {
  const [brandResult, session, i18n] = await Promise.all([readBrand(), readSession(), pageLanguage()]);
  const { t } = i18n;
  if (!brandResult.ok) return <Problem title={t('shell.loadingError')} message={brandResult.message} i18n={i18n} />;
  const brand = brandResult.brand;
  const found = await lookUp(mode, qrId);
  if (found.kind === 'error') {
    if (found.status === 404) return <Problem title={t('lookup.codeNotFound')} message={t('lookup.codeNotFoundText', { qrId, brand: brand.organizationName })} i18n={i18n} />;
    if (found.status === 422) return <Problem title={t('scan.invalidQr')} message={t('lookup.notBrandQr', { brand: brand.organizationName })} i18n={i18n} />;
    if (found.status === 403) return <Problem title={t('scan.notOffered')} message={found.message} i18n={i18n} />;
    return <Problem title={t('scan.couldNotCheck')} message={found.message} i18n={i18n} />;
  }
  if (found.kind === 'tracking') {
    return (
      <div data-testid="lookup-answer">
        <ProductDetails product={found.data.product} t={t} />
        <BatchDetails batch={found.data.batch} i18n={i18n} />
        <TrackingJourney events={found.data.events} i18n={i18n} />
      </div>
    );
  }
  const verdict = found.data;
  if (mode === 'expiry' && verdict.batch) return <ExpiryAnswer verdict={{ ...verdict, batch: verdict.batch }} i18n={i18n} />;
  return <VerdictCard verdict={verdict} brand={brand} signedIn={session !== undefined} level={2} qrId={qrId} i18n={i18n} />;
}

/**
 * A look-up screen; `flag` (tracking pages: isTrackingEnabled) gates it through the page gate,
 * whose note then reads "Tracking is not offered by <brand>.".
 */
export async function CodeLookup({ mode, title, intro, flag, searchParams }: { mode: LookupMode; title: string; intro: string; flag?: FeatureFlag; searchParams: Promise<SearchParams> }) {
  const [params, brandResult, h, { t }] = await Promise.all([searchParams, readBrand(), headers(), pageLanguage()]);
  const brand = brandResult.ok ? brandResult.brand : undefined;
  const typed = first(params.qrId)?.trim();
  const qrId = qrIdOf(typed, h.get('host') ?? '');
  const error = typed && !qrId ? t('lookup.notBrandCode', { brand: brand?.organizationName ?? t('shell.thisBrand') }) : undefined;
  return (
    <ModuleScreen title={title} flag={flag} offered={t(OFFERED[mode])} intro={intro}>
      <LookupForm name="qrId" label={t('lookup.codeLabel')} hint={t('lookup.codeHint')} value={typed} submit={t(SUBMIT[mode])} error={error} />
      {qrId && <Answer mode={mode} qrId={qrId} />}
    </ModuleScreen>
  );
}
