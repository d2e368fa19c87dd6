import Link from 'next/link';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { VerdictLabel } from '@/lib/domain/verdict';
import type { I18n, Translate } from '@/lib/shared/i18n';
import { explanationText, labelText } from '@/lib/shared/verdict-words';
import { riskReasonTexts } from '@/lib/shared/risk-words';
import { LOGIN_PATH, RETURN_PARAM, VERIFY_PAGE_PREFIX, VISITOR_SCAN_PATH } from '@/lib/shared/verify-paths';
import type { trackingResponseSchema, VerifyResponse } from '@/lib/schemas/verify';
import { TONE_CLASSES, TONE_OF, type Tone } from './verdict-style';
import { shownReasons, verdictMessage, type MessageTone } from '@/lib/domain/verdict-message';
import { VerdictIcon } from './verdict-icon';
import { BatchDetails, ProductDetails } from './product-details';
import { TrackingJourney } from './tracking-journey';
import { LocationOffer } from './location-offer';

// The verdict of one scan: the label (colour + icon + words, an h1), what it means, the product
// and batch, how often and since when the unit was verified, its claim, and what to do next.
// No hooks and no 'use client': the verify pages render it on the server; its one interactive
// part is the offer to share a location (LocationOffer, a small client component) when the
// answer asks for one. /scan-result renders the same card in the browser.

export type VerdictBrand = { organizationName: string; isRedFlaggingEnabled: boolean; isWarrantyEnabled: boolean };
type TrackingEvents = z.infer<typeof trackingResponseSchema>['events'];

export const linkClass = 'block min-h-11 rounded-lg border border-gray-400 bg-white px-4 py-2 text-center font-semibold text-gray-900 underline-offset-2 hover:underline';
export const primaryLinkClass = 'block min-h-11 rounded-lg border border-transparent bg-brand-primary px-4 py-2 text-center font-semibold text-brand-text hover:underline';

/** The coloured banner with icon and heading shared by verdicts and scan problems. */
export function ResultBanner({ tone, title, children, level = 1, t }: { tone: Tone; title: string; children?: ReactNode; level?: 1 | 2; t: Translate }) {
  const heading =
    level === 1 ? (
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold">{title}</h1>
    ) : (
      <h2 className="text-xl font-bold">{title}</h2>
    );
  return (
    <div className={`flex items-start gap-3 rounded-xl border-l-8 p-4 ${TONE_CLASSES[tone]}`} data-testid="verdict" data-tone={tone}>
      <VerdictIcon tone={tone} />
      <div className="min-w-0">
        <p className="text-sm font-medium">{t('verdict.result')}</p>
        {heading}
        {children}
      </div>
    </div>
  );
}

export function Actions({ children, t }: { children: ReactNode; t: Translate }) {
  return <nav aria-label={t('verdict.whatNext')} className="mt-6 flex flex-col gap-3">{children}</nav>;
}

/** The signed-in verdict of the unit behind an overt code read on the anonymous info route. */
export const unitCheckPath = (qrId: string) => `${VERIFY_PAGE_PREFIX.overt}${qrId}`;
/** Sign-in that comes back to that verdict (the return path goes through safeReturnPath at /login). */
export const signInToCheckHref = (qrId: string) => `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_PARAM]: unitCheckPath(qrId) })}`;
/** The dispute form of a claimed hidden code (on /report, whose route the spec already has). */
export const disputeHref = (qrId: string) => `/report?${new URLSearchParams({ dispute: qrId })}`;

function nextSteps(t: Translate, label: VerdictLabel, brand: VerdictBrand, signedIn: boolean, qrId: string | undefined, overt: boolean, suspect = false, evidence?: string, postSaleHidden = false): ReactNode[] {
  const steps: ReactNode[] = [];
  // Links to pages that need an account are not fetched ahead for a visitor: each would only
  // answer with a redirect to sign-in, and on a shopper's slow connection the verdict's page has
  // better use for the bandwidth and the main thread (docs/decisions.md, "Platform").
  const ahead = signedIn ? undefined : false;
  // A shopper who scanned the visible code: the unit itself is checked after sign-in, on its overt verdict.
  if (label === 'Info' && overt && qrId) {
    steps.push(
      signedIn ? (
        <Link key="unit" className={primaryLinkClass} href={unitCheckPath(qrId)}>{t('verdict.checkThisUnit')}</Link>
      ) : (
        <Link key="signin" className={primaryLinkClass} href={signInToCheckHref(qrId)}>{t('verdict.signInToCheckUnit')}</Link>
      ),
    );
  }
  // /report is for signed-in customers: a visitor signs in first and comes back to it.
  if (brand.isRedFlaggingEnabled && (suspect || label === 'Fake' || label === 'Invalid Product' || label === 'Product Cliamed')) {
    const query = new URLSearchParams({ ...(qrId ? { qrId } : {}), ...(evidence ? { evidence } : {}) }).toString();
    const href = query ? `/report?${query}` : '/report';
    steps.push(<Link key="report" className={primaryLinkClass} href={href} prefetch={ahead}>{signedIn ? t('verdict.report') : t('verdict.signInToReport')}</Link>);
  }
  // A signed-in customer told that the hidden code they checked is someone else's may dispute
  // the claim with a photo of the pack (docs/verification.md "Disputed claims"); /report shows the form.
  if (label === 'Product Cliamed' && signedIn && postSaleHidden && qrId) {
    steps.push(<Link key="dispute" className={linkClass} href={disputeHref(qrId)} data-testid="dispute-link">{t('dispute.offer')}</Link>);
  }
  if (label === 'Genuine Pre Sale & Claim Warranty') {
    steps.push(<Link key="covert" className={primaryLinkClass} href="/qr-scan" prefetch={ahead}>{t('verdict.afterYouBuy')}</Link>);
    if (brand.isWarrantyEnabled) steps.push(<Link key="warranty" className={linkClass} href="/warranty" prefetch={ahead}>{t('verdict.aboutWarranty')}</Link>);
  }
  if (label === 'Genuine Post Sale') {
    steps.push(<Link key="mine" className={primaryLinkClass} href="/my-products" prefetch={ahead}>{t('module.myProducts')}</Link>);
    if (brand.isWarrantyEnabled) steps.push(<Link key="warranty" className={linkClass} href="/warranty" prefetch={ahead}>{t('verdict.registerWarranty')}</Link>);
  }
  if (((label === 'Info' && !overt) || label === 'Batch Details Only') && qrId && !signedIn) {
    steps.push(<Link key="signin" className={primaryLinkClass} href={`/verify/${qrId}`} prefetch={ahead}>{t('verdict.signInToVerifyUnit')}</Link>);
  }
  // A visitor scans the next code on /info's scanner, without signing in.
  steps.push(<Link key="again" className={linkClass} href={signedIn ? '/qr-scan' : VISITOR_SCAN_PATH} prefetch={ahead}>{t('scan.again')}</Link>);
  return steps;
}

const RISK_TITLE = { none: 'risk.none', caution: 'risk.caution', suspect: 'risk.suspect' } as const;
const RISK_CLASSES = {
  none: 'border-gray-400 bg-white text-gray-900',
  caution: 'border-amber-600 bg-amber-50 text-amber-900',
  suspect: 'border-red-700 bg-red-50 text-red-900',
} as const;

/**
 * The risk beside the label: its level in words (never colour alone) and the reasons. `page`: the
 * verify page's own check, which can be made again with a location (the offer, when the answer
 * asks) and says when this one carried one.
 */
export function RiskAssessment({ risk, page, i18n, tone = 'genuine' }: { risk: NonNullable<VerifyResponse['risk']>; page?: { placeSent: boolean }; i18n: I18n; tone?: MessageTone }) {
  const { t, f } = i18n;
  // Each reason by its code, in the page's language (the English words are the wire's).
  const said = shownReasons(risk.reasons, tone, riskReasonTexts(t, f.day, risk));
  return (
    <section aria-labelledby="risk-title" className={`mt-4 rounded-xl border-2 p-4 ${RISK_CLASSES[risk.level]}`} data-testid="risk" data-level={risk.level}>
      <h2 id="risk-title" className="font-bold">{t(RISK_TITLE[risk.level])}</h2>
      <ul className="mt-1 list-disc pl-5">
        {said.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
      {page?.placeSent && <p className="mt-2" data-testid="place-sent">{t('risk.placeSent')}</p>}
      {page && risk.askLocation && <LocationOffer />}
      {/* The data behind place names and address places, credited as their licences (CC BY 4.0) ask. */}
      <p className="mt-2 text-sm">
        {t('risk.placesFrom')}{' '}
        {/* The sources' own names, in English as their licences credit them. */}
        <span lang="en">
          <a className="underline" href="https://www.geonames.org/">GeoNames</a>,{' '}
          <a className="underline" href="https://db-ip.com">IP Geolocation by DB-IP</a>.
        </span>
      </p>
    </section>
  );
}

/** What the customer's own claim earns (the reward of the product's journey) and how to collect it. */
export type ClaimEarns = {
  unitId: string;
  reward: { name: string; description: string; type: 'Cashback' | 'Coupon'; amount: number | null; amountText: string | null };
  collected: boolean;
  stepsLeft: number;
};

function ClaimEarnsPanel({ earns, i18n }: { earns: ClaimEarns; i18n: I18n }) {
  const { t, f } = i18n;
  const r = earns.reward;
  const amount = r.amount === null ? (r.amountText ?? '') : f.rupees(r.amount / 100);
  const what = r.type === 'Cashback' && amount ? t('claim.earnsCashback', { amount, name: r.name }) : t('claim.earnsCoupon', { name: r.name });
  const how = r.type === 'Cashback' ? t('claim.collectCashback', { count: earns.stepsLeft }) : t('claim.collectCoupon', { count: earns.stepsLeft });
  return (
    <section aria-labelledby="claim-earns-title" className="mt-4 rounded-xl border border-green-700 bg-green-50 p-4 text-green-950" data-testid="claim-earns">
      <h2 id="claim-earns-title" className="text-lg font-semibold">{earns.collected ? t('claim.collectedTitle') : t('claim.earnsTitle')}</h2>
      <p className="mt-1 font-semibold">{what}</p>
      {r.description && <p className="mt-1">{r.description}</p>}
      {earns.collected ? (
        <p className="mt-2"><Link className="font-medium underline" href="/rewards">{t('products.seeRewards')}</Link></p>
      ) : (
        <>
          <p className="mt-1">{how}</p>
          <p className="mt-2">
            <Link className="font-medium underline" href={`/my-product-details?unitId=${encodeURIComponent(earns.unitId)}`}>{t('products.collectReward')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

/** `qrId`: the id that was scanned, for the report link of a Fake answer (which names no code). */
type CardProps = {
  /** The customer's own claim: what it earns (a Genuine Post Sale of a product with a rewarding journey). */
  earns?: ClaimEarns | null;
  verdict: VerifyResponse;
  brand: VerdictBrand;
  signedIn: boolean;
  events?: TrackingEvents | null;
  level?: 1 | 2;
  qrId?: string;
  /** A verify page's own check (see RiskAssessment): whether it carried the customer's location. */
  page?: { placeSent: boolean };
  /** The page's language (lib/server/i18n.ts on the server, useI18n in the browser). */
  i18n: I18n;
};

/** The whole verdict screen (level 1), or the verdict inside another screen (level 2, no frame). */
export function VerdictCard({ verdict, brand, signedIn, events, earns, level = 1, qrId: scanned, page, i18n }: CardProps) {
  const { t, f } = i18n;
  const label = verdict.result;
  const qrId = verdict.code?.qrId ?? scanned;
  // One headline and one colour from the label and the risk together (lib/domain/verdict-message.ts).
  const message = verdictMessage({ label, risk: verdict.risk?.level ?? null, brand: brand.organizationName, count: verdict.verification?.count, claim: verdict.claim });
  const tone: Tone = verdict.risk || label === 'Info' || label === 'Product Cliamed' ? message.tone : TONE_OF[label];
  return (
    <div className={level === 1 ? 'mx-auto w-full max-w-md px-4 py-6' : 'mt-6'}>
      <ResultBanner tone={tone} title={labelText(t, label)} level={level} t={t}>
        {message.key && (
          <p className="mt-1 text-lg font-semibold" data-testid="headline">
            {t(message.key, message.values)}
          </p>
        )}
        <p className="mt-1">{explanationText(t, label, brand.organizationName)}</p>
        {label === 'Expired' && verdict.batch && <p className="mt-1 font-semibold">{t('verdict.expiredOn', { date: f.day(verdict.batch.expiryDate) })}</p>}
        {verdict.claim && (
          <p className="mt-1 font-semibold" data-testid="claim">
            {t(verdict.claim.byYou ? 'verdict.claimedByYouOn' : label === 'Info' ? 'verdict.alreadyClaimedOn' : 'verdict.claimedOn', { date: f.moment(verdict.claim.claimedAt) })}
          </p>
        )}
        {label === 'Info' && verdict.claim === null && (
          <p className="mt-1 font-semibold" data-testid="claim">{t('verdict.notClaimed')}</p>
        )}
      </ResultBanner>
      {verdict.verification && (
        <p className="mt-4 text-gray-800" data-testid="verification-count">
          {t(verdict.verification.count === 1 ? 'verdict.verifiedOnce' : 'verdict.verifiedMany', { count: f.number(verdict.verification.count), date: f.moment(verdict.verification.firstVerifiedAt) })}
        </p>
      )}
      {earns && <ClaimEarnsPanel earns={earns} i18n={i18n} />}
      {verdict.risk && <RiskAssessment risk={verdict.risk} page={page} i18n={i18n} tone={message.tone} />}
      {verdict.product && <ProductDetails product={verdict.product} t={t} />}
      {verdict.batch && <BatchDetails batch={verdict.batch} i18n={i18n} />}
      {label === 'Tracking' && events && <TrackingJourney events={events} i18n={i18n} />}
      <Actions t={t}>
        {nextSteps(t, label, brand, signedIn, qrId, verdict.code?.level === 6, verdict.risk?.level === 'suspect', verdict.evidence?.reference, verdict.kind === 'post sale' && verdict.code?.level === 7)}
        {verdict.evidence && (
          // A download from the API, not a page: a plain link (no client-side navigation).
          <a className={linkClass} href={`/api/verify/evidence/${encodeURIComponent(verdict.evidence.reference)}`} download>
            {t('verdict.downloadEvidence')}
          </a>
        )}
      </Actions>
    </div>
  );
}
