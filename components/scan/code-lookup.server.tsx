import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { headers } from 'next/headers';
import { callRoute } from '@/lib/server/call-route';
import { trackingRoute, verifyCodeRoute } from '@/lib/server/routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { readBrand } from '@/lib/server/tenant';
import { readSession } from '@/lib/server/session';
import type { z } from 'zod';
import type { trackingResponseSchema, VerifyResponse } from '@/lib/schemas/verify';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';
import { VerdictCard, ResultBanner } from './verdict-card';
import { BatchDetails, ProductDetails } from './product-details';
import { TrackingJourney } from './tracking-journey';
import { LookupForm } from './lookup-form';
import { qrIdOf } from './recognize-link';
import { expiryStateOf, formatDay } from './format';
import type { SearchParams } from './location';
import { errorMessageOf } from '@/lib/shared/fetch-rules';

// The look-up screens of a code typed or pasted into a form (?qrId=): its details, its expiry,
// its journey. Rendered on the server; the details and expiry use the info route of the verify
// API (an info scan), the journey GET /api/tracking/{qrId}.

export type LookupMode = 'details' | 'expiry' | 'tracking';
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const SUBMIT: Record<LookupMode, string> = { details: 'Show details', expiry: 'Check expiry', tracking: 'Show journey' };
/** What a switched-off look-up is called in the gate's note. */
const OFFERED: Record<LookupMode, string> = { details: 'Product details', expiry: 'Expiry check', tracking: 'Tracking' };

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <div className="mt-6">
      <ResultBanner tone="neutral" title={title} level={2}><p className="mt-1">{message}</p></ResultBanner>
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

function ExpiryAnswer({ verdict }: { verdict: VerifyResponse & { batch: NonNullable<VerifyResponse['batch']> } }) {
  const state = expiryStateOf(verdict.batch.expiryDate, new Date().toISOString().slice(0, 10));
  const tone = state === 'expired' ? 'warning' : state === 'good' ? 'genuine' : 'info';
  const title = state === 'expired' ? 'Expired' : state === 'good' ? 'Not expired' : 'No expiry date';
  const message =
    state === 'expired' ? `This product expired on ${formatDay(verdict.batch.expiryDate)}. Do not use it.`
    : state === 'good' ? `Good to use until ${formatDay(verdict.batch.expiryDate)}.`
    : 'This product has no expiry date (Not Applicable).';
  return (
    <div className="mt-6" data-testid="lookup-answer">
      <ResultBanner tone={tone} title={title} level={2}><p className="mt-1">{message}</p></ResultBanner>
      {verdict.product && <ProductDetails product={verdict.product} />}
      <BatchDetails batch={verdict.batch} />
    </div>
  );
}

async function Answer({ mode, qrId }: { mode: LookupMode; qrId: string }) {
  const [brandResult, session] = await Promise.all([readBrand(), readSession()]);
  if (!brandResult.ok) return <Problem title="Loading Error" message={brandResult.message} />;
  const brand = brandResult.brand;
  const found = await lookUp(mode, qrId);
  if (found.kind === 'error') {
    if (found.status === 404) return <Problem title="Code not found" message={`No code ${qrId} was found at ${brand.organizationName}.`} />;
    if (found.status === 422) return <Problem title="Invalid QR code" message={`This is not a QR code of ${brand.organizationName}.`} />;
    if (found.status === 403) return <Problem title="Service not offered" message={found.message} />;
    return <Problem title="Could not check this code" message={found.message} />;
  }
  if (found.kind === 'tracking') {
    return (
      <div data-testid="lookup-answer">
        <ProductDetails product={found.data.product} />
        <BatchDetails batch={found.data.batch} />
        <TrackingJourney events={found.data.events} />
      </div>
    );
  }
  const verdict = found.data;
  if (mode === 'expiry' && verdict.batch) return <ExpiryAnswer verdict={{ ...verdict, batch: verdict.batch }} />;
  return <VerdictCard verdict={verdict} brand={brand} signedIn={session !== undefined} level={2} qrId={qrId} />;
}

/**
 * A look-up screen; `flag` (tracking pages: isTrackingEnabled) gates it through the page gate,
 * whose note then reads "Tracking is not offered by <brand>.".
 */
export async function CodeLookup({ mode, title, intro, flag, searchParams }: { mode: LookupMode; title: string; intro: string; flag?: FeatureFlag; searchParams: Promise<SearchParams> }) {
  const [params, brandResult, h] = await Promise.all([searchParams, readBrand(), headers()]);
  const brand = brandResult.ok ? brandResult.brand : undefined;
  const typed = first(params.qrId)?.trim();
  const qrId = qrIdOf(typed, h.get('host') ?? '');
  const error = typed && !qrId ? `This is not a code of ${brand?.organizationName ?? 'this brand'}. Type the characters under the QR code, or paste its link.` : undefined;
  return (
    <ModuleScreen title={title} flag={flag} offered={OFFERED[mode]} intro={intro}>
      <LookupForm name="qrId" label="QR code or link" hint="The characters printed under the QR code, or the whole link." value={typed} submit={SUBMIT[mode]} error={error} />
      {qrId && <Answer mode={mode} qrId={qrId} />}
    </ModuleScreen>
  );
}
