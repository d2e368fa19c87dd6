import 'server-only';
import { headers } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { callRoute } from '@/lib/server/call-route';
import { journeyRoute, trackingRoute, verifyCodeRoute } from '@/lib/server/routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { readBrand } from '@/lib/server/tenant';
import { readSession } from '@/lib/server/session';
import { pageLanguage } from '@/lib/server/i18n';
import type { VerifyRoute } from '@/lib/domain/verdict';
import type { VerifyResponse } from '@/lib/schemas/verify';
import { VerdictCard, primaryLinkClass, type ClaimEarns } from './verdict-card';
import { InvalidQrNotice, RescanNotice, ScanProblem } from './scan-problem';
import { locationOf, type SearchParams } from './location';
import { VISIT_HEADER, visitKindOf } from '@/lib/domain/visitor';
import { LinkPreview } from './link-preview';

// Every verify page (/info/verify, /verify, /overt/verify, /covert/pre/verify,
// /covert/post/verify, /tert/verify, /quat/verify): the verdict is asked for on the server,
// in-process, and is in the first HTML response. No spinner, no client-side fetch. The typed call
// (lib/server/call-route.ts) answers the verdict as the API's schema gave it.

export type VerifyPageProps = { params: Promise<{ qrId: string }>; searchParams: Promise<SearchParams> };

type Outcome = { verdict: VerifyResponse } | { error: ApiRequestError | Error };

async function askVerdict(route: VerifyRoute, qrId: string, query: { lat?: number; lng?: number; preview?: '1' }): Promise<Outcome> {
  try {
    return { verdict: await callRoute(verifyCodeRoute, { params: { route, qrId }, query }) };
  } catch (error) {
    unstable_rethrow(error);
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/**
 * What the customer's own claim earns: the reward of the product's scan journey (its REWARD
 * step), how many steps are left to collect it, or that it was collected. None when the product
 * has no journey or no reward in it, or the brand runs no loyalty programme.
 */
async function earnsOf(unitId: string): Promise<ClaimEarns | null> {
  try {
    const journey = await callRoute(journeyRoute, { params: { unitId } });
    const step = journey.steps.find((s) => s.type === 'REWARD' && s.reward);
    if (!step?.reward) return null;
    return { unitId, reward: step.reward, collected: step.done, stepsLeft: journey.steps.filter((s) => !s.done).length };
  } catch (err) {
    unstable_rethrow(err);
    return null; // no journey (404) or a failure: the verdict stands without it
  }
}

/** The tracking journey of a case or pallet, when the brand offers tracking (else none). */
async function journeyOf(qrId: string) {
  try {
    return (await callRoute(trackingRoute, { params: { qrId } })).events;
  } catch (err) {
    unstable_rethrow(err);
    return null;
  }
}

/**
 * Whether this request was started by another origin (Fetch Metadata): a link, a frame or a plain
 * <img> elsewhere, or another brand's subdomain. A scan with the camera (none) or from this app
 * (same-origin) is not.
 */
export function isCrossSiteRequest(h: { get(name: string): string | null }): boolean {
  const site = h.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

export async function VerifyScreen({ route, params, searchParams }: VerifyPageProps & { route: VerifyRoute }) {
  const [{ qrId }, query, brandResult, session, h, i18n] = await Promise.all([params, searchParams, readBrand(), readSession(), headers(), pageLanguage()]);
  const { t } = i18n;
  if (!brandResult.ok) return <ScanProblem title={t('shell.loadingError')} t={t}><p className="mt-1">{brandResult.message}</p></ScanProblem>;
  const brand = brandResult.brand;
  // A link-preview fetcher, a crawler, a HEAD request or a prefetch (the middleware says so, or the
  // user agent does): the brand and the product with Open Graph tags, no verdict, nothing recorded.
  if (h.get(VISIT_HEADER) || visitKindOf('GET', (name) => h.get(name)) !== 'person') {
    const preview = await askVerdict('info', qrId, { preview: '1' });
    return <LinkPreview brand={brand.organizationName} product={'verdict' in preview ? (preview.verdict.product ?? null) : null} i18n={i18n} />;
  }
  // A post-sale scan claims the unit for the signed-in customer: another site must not make it
  // happen (docs/security.md, "Accounts"). Started elsewhere, it waits for the customer's own click.
  if (route === 'covert-post' && isCrossSiteRequest(h)) {
    const self = h.get('x-pathname') ?? `/covert/post/verify/${encodeURIComponent(qrId)}`;
    return (
      <div className="mx-auto w-full max-w-md px-4 py-6" data-testid="confirm-claim">
        <h2 className="text-xl font-semibold text-gray-900">{t('verdict.checkProduct')}</h2>
        <p className="mt-2 text-gray-800">{t('verdict.checkClaimsIt')}</p>
        {/* A full page load from here is same-origin, so it checks and claims. */}
        <a className={`mt-4 ${primaryLinkClass}`} href={self}>
          {t('verdict.checkAndRegister')}
        </a>
      </div>
    );
  }
  // The info route is anonymous: the customer is known to it only when there is a session.
  const location = locationOf(query);
  const outcome = await askVerdict(route, qrId, location ?? {});
  if ('error' in outcome) {
    const status = outcome.error instanceof ApiRequestError ? outcome.error.status : 500;
    if (status === 422) return <InvalidQrNotice brand={brand.organizationName} t={t} />;
    if (status === 408) return <RescanNotice t={t} />;
    if (status === 429) return <ScanProblem title={t('scan.tooMany')} tone="warning" t={t}><p className="mt-1">{outcome.error.message}</p></ScanProblem>;
    if (status === 403) return <ScanProblem title={t('scan.notOffered')} tone="neutral" t={t}><p className="mt-1">{outcome.error.message}</p></ScanProblem>;
    return <ScanProblem title={t('scan.couldNotCheck')} tone="neutral" t={t}><p className="mt-1">{outcome.error.message}</p></ScanProblem>;
  }
  const { verdict } = outcome;
  const events = verdict.result === 'Tracking' && verdict.code && brand.isTrackingEnabled ? await journeyOf(verdict.code.qrId) : null;
  const ownUnit = verdict.result === 'Genuine Post Sale' && verdict.claim?.byYou ? verdict.claim.unitId : undefined;
  const earns = ownUnit && brand.isLoyalityProgramEnabled ? await earnsOf(ownUnit) : null;
  return <VerdictCard verdict={verdict} brand={brand} signedIn={session !== undefined} events={events} earns={earns} qrId={qrId} page={{ placeSent: location !== undefined }} i18n={i18n} />;
}
