'use client';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthState } from '@/lib/client/status';
import { useT } from '@/components/shell/i18n-context';
import {
  acknowledgePoliciesMutation,
  acknowledgedPoliciesQuery,
  cookieConsentMutation,
  currentDocumentsQuery,
  legalChoicesStore,
  parseLegalChoices,
  storedAcknowledges,
  syncStoredLegalChoices,
  type StoredAcknowledgement,
  type StoredLegalChoices,
} from '@/lib/client/legal';
import { LEGAL_DOCUMENT_TYPES, type LegalDocumentType } from '@/lib/domain/legal';
import { PolicyBanner } from './policy-banner';
import { CookieNotice } from './cookie-notice';
import { policyLinks, type PolicyUrlConfig } from './policy-links';
import { useScrollLock } from './use-scroll-lock';
import { LEGAL_SERVER_BANNER_ID, policyBannerHtml } from './policy-banner-html';
import { COOKIE_SERVER_NOTICE_ID, cookieNoticeHtml } from './cookie-notice-html';
import {
  COOKIE_CONSENT_ACCEPTED_COOKIE,
  COOKIE_CONSENT_SEEN_COOKIE,
  LEGAL_ACCEPTED_COOKIE,
  LEGAL_SEEN_COOKIE,
  legalSeenCookie,
  parseLegalSeen,
  serializeLegalSeen,
} from '@/lib/shared/legal-seen';

/** The cookie in which this browser keeps what it has seen accepted, as the server named it (lib/server/legal-banner.ts). */
export type SeenCookie = { name: string; secure: boolean };

/** Writes what this browser has seen accepted, when it differs from what the cookie says. */
function keepSeen(value: string, cookie: SeenCookie) {
  const prefix = `${cookie.name}=`;
  const stored = document.cookie.split('; ').find((c) => c.startsWith(prefix))?.slice(prefix.length);
  if (serializeLegalSeen(parseLegalSeen(stored)) !== value) document.cookie = legalSeenCookie(value ? value.split('.') : [], cookie);
}

// Both legal banners and the scroll lock, for visitors and signed-in customers alike (spec
// sections 2, 4 and 8). A signed-in customer's state comes from the Brand API; a visitor's from
// the current documents and this browser's stored choices, which reach the server after sign-in.
// Nothing shows until the start-up token refresh has told which of the two this is.

const noSubscription = () => () => {};

/** The name of the plain-form mark beside the seen cookie (the same prefix on this request). */
const acceptedName = (cookie: SeenCookie) => cookie.name.replace(LEGAL_SEEN_COOKIE, LEGAL_ACCEPTED_COOKIE);

function clearFormMark(cookie: SeenCookie) {
  document.cookie = `${acceptedName(cookie)}=; Path=/; Max-Age=0; SameSite=Lax${cookie.secure ? '; Secure' : ''}`;
}

/** The documents the banner's plain form accepted before the scripts ran (app/legal/accept/route.ts). */
function formAccepted(cookie: SeenCookie): Set<string> {
  const prefix = `${acceptedName(cookie)}=`;
  return parseLegalSeen(document.cookie.split('; ').find((c) => c.startsWith(prefix))?.slice(prefix.length));
}

/** A cookie beside the seen cookie (the same prefix on this request), by its base name. */
const besideSeen = (cookie: SeenCookie, base: string) => cookie.name.replace(LEGAL_SEEN_COOKIE, base);

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie.split('; ').find((c) => c.startsWith(prefix))?.slice(prefix.length);
}

/** Writes (a year) or clears a cookie the browser keeps for the server's next guess. */
function writeCookie(name: string, value: string | null, cookie: SeenCookie) {
  document.cookie = `${name}=${value ?? ''}; Path=/; Max-Age=${value === null ? 0 : 31536000}; SameSite=Lax${cookie.secure ? '; Secure' : ''}`;
}

/**
 * Whether markup the browser already holds (its own serialisation) is `html` once parsed, but for
 * the page the plain form returns to: a kept form never posts, and after a navigation in the
 * browser the page it would name differs while the banner is the same.
 */
function sameMarkup(held: string, html: string): boolean {
  const normal = (markup: string) => {
    const parsed = document.createElement('template');
    parsed.innerHTML = markup;
    for (const back of parsed.content.querySelectorAll('input[name="back"]')) back.removeAttribute('value');
    return parsed.innerHTML;
  };
  return normal(held) === normal(html);
}

/**
 * The server's copy of a banner (app/layout.tsx), kept in place for as long as it is the very
 * banner this browser would draw, its form then answered here as this browser's banner's is.
 * Swapping it for an equal copy would lose a tap that lands during the swap: pressed on the
 * server's button and released on the browser's, it makes no click on either (on a slow phone
 * the swap comes seconds after the banner is shown, just when the customer reaches for it).
 * `html` is the banner this browser would draw now (null: none). Once it differs, the server's
 * copy is emptied for good and this browser draws its own. While this browser does not know
 * (the session being refreshed), a kept copy posts its plain form, as before the scripts ran: it
 * records what the server counts as current. Answers whether the copy is kept.
 */
function useServerCopy(id: string, html: string | null, decided: boolean, onAccept: () => void): boolean {
  // What the server drew, read on the first render (this chunk loads after hydration, before anything here empties it).
  const [drawn] = useState(() => (typeof document === 'undefined' ? '' : (document.getElementById(id)?.innerHTML ?? '')));
  const [emptied, setEmptied] = useState(false);
  const same = useMemo(() => drawn !== '' && html !== null && sameMarkup(drawn, html), [drawn, html]);
  const kept = !emptied && same;
  const accept = useEffectEvent(onAccept);
  useLayoutEffect(() => {
    if (!decided) return;
    const box = document.getElementById(id);
    if (!kept) {
      box?.replaceChildren();
      // eslint-disable-next-line react-hooks/set-state-in-effect -- once: an emptied copy is never kept again
      if (drawn !== '') setEmptied(true);
      return;
    }
    if (!box) return;
    const submit = (e: Event) => {
      e.preventDefault();
      accept();
    };
    box.addEventListener('submit', submit);
    // Answered here from now on (tests wait for it before they count on no page load).
    box.dataset.answered = 'here';
    return () => {
      box.removeEventListener('submit', submit);
      delete box.dataset.answered;
    };
  }, [decided, kept, id, drawn]);
  return decided && kept;
}

type Current = { documentType: LegalDocumentType; documentId: string | null; version: number | null; acknowledged: boolean };

export function LegalBanners({ ui, seenCookie }: { ui: PolicyUrlConfig; seenCookie: SeenCookie }) {
  const qc = useQueryClient();
  const t = useT();
  const auth = useAuthState();
  // Nothing on the server or in the first (hydrating) render: localStorage is the browser's.
  const mounted = useSyncExternalStore(noSubscription, () => true, () => false);
  const stored = useSyncExternalStore(legalChoicesStore.subscribe, legalChoicesStore.snapshot, () => null);
  const choices: StoredLegalChoices = useMemo(() => parseLegalChoices(stored), [stored]);
  const [acceptedPolicies, setAcceptedPolicies] = useState(false);
  const [acceptedCookies, setAcceptedCookies] = useState(false);
  // Read once, in the browser (nothing renders before it is mounted).
  const [byForm] = useState<ReadonlySet<string>>(() => (typeof document === 'undefined' ? new Set() : formAccepted(seenCookie)));
  // Cookie consent given by the notice's plain form before the scripts ran (app/legal/accept/route.ts).
  const [cookiesByForm] = useState(() => typeof document !== 'undefined' && readCookie(besideSeen(seenCookie, COOKIE_CONSENT_ACCEPTED_COOKIE)) === '1');
  const customerId = auth.status === 'SUCCESS' ? auth.customerId : undefined;
  const signedIn = mounted && !!customerId;
  const visitor = mounted && auth.status === 'FAILED';

  const policies = useQuery({ ...acknowledgedPoliciesQuery(), enabled: signedIn });
  const documents = useQuery({ ...currentDocumentsQuery(), enabled: visitor });
  const acknowledge = useMutation(acknowledgePoliciesMutation(qc));
  const consent = useMutation(cookieConsentMutation(qc));

  // After sign-in, what the visitor chose reaches the server (then leaves this browser).
  useEffect(() => {
    if (!signedIn || !customerId) return;
    void syncStoredLegalChoices(qc, customerId);
  }, [signedIn, customerId, qc]);

  let current: Current[] | undefined;
  let cookieGiven = acceptedCookies || choices.cookieConsent || cookiesByForm;
  if (signedIn && policies.data) {
    const data = policies.data;
    current = LEGAL_DOCUMENT_TYPES.map((t) => ({ documentType: t, ...data[t] }));
    cookieGiven ||= data.isCookieConsentGiven;
  } else if (visitor && documents.data) {
    const docs = documents.data.documents;
    current = LEGAL_DOCUMENT_TYPES.map((t) => {
      const d = docs.find((x) => x.documentType === t);
      return { documentType: t, documentId: d?.documentId ?? null, version: d?.version ?? null, acknowledged: !d };
    });
  }
  const updated = (current ?? []).filter((p) => !acceptedPolicies && !p.acknowledged && !storedAcknowledges(choices, p.documentId) && !(p.documentId && byForm.has(p.documentId)));
  // A first visit (nothing current was ever accepted here, nor anything kept): no word of 'updated'.
  const first = (current ?? []).every((p) => !p.documentId || !(p.acknowledged || storedAcknowledges(choices, p.documentId))) && choices.acknowledged.length === 0;
  const showPolicies = updated.length > 0;
  const showCookie = current !== undefined && !cookieGiven;
  useScrollLock(showPolicies || showCookie);

  const links = policyLinks(ui);
  const decided = current !== undefined;

  // What the server should guess next time of the Cookie Notice: whether consent is given here.
  useEffect(() => {
    if (!decided) return;
    const name = besideSeen(seenCookie, COOKIE_CONSENT_SEEN_COOKIE);
    if (cookieGiven !== (readCookie(name) === '1')) writeCookie(name, cookieGiven ? '1' : null, seenCookie);
  }, [decided, cookieGiven, seenCookie]);

  // What the server should guess next time: the current documents this browser has seen accepted.
  const seenIds = (current ?? []).flatMap((p) => (p.documentId && (acceptedPolicies || p.acknowledged || storedAcknowledges(choices, p.documentId)) ? [p.documentId] : []));
  const seenValue = decided ? serializeLegalSeen(seenIds) : undefined;
  useEffect(() => {
    if (seenValue !== undefined) keepSeen(seenValue, seenCookie);
  }, [seenValue, seenCookie]);

  function acceptPolicies(only?: (documentId: string) => boolean) {
    // Marked acknowledged here at once, whatever the call answers (spec section 4).
    const docs: StoredAcknowledgement[] = (current ?? []).flatMap((p) =>
      p.documentId && p.version !== null && (!only || only(p.documentId)) ? [{ documentType: p.documentType, documentId: p.documentId, version: p.version }] : [],
    );
    if (!only) setAcceptedPolicies(true);
    legalChoicesStore.acknowledge(docs);
    if (signedIn && customerId) {
      const pending = docs.filter((d) => (current ?? []).some((p) => p.documentId === d.documentId && !p.acknowledged));
      if (pending.length) {
        acknowledge.mutate(
          { policies: pending.map((d) => ({ userIdType: 'customer' as const, userId: customerId, ...d })) },
          { onSuccess: () => legalChoicesStore.forget({ documentIds: docs.map((d) => d.documentId) }) },
        );
      } else legalChoicesStore.forget({ documentIds: docs.map((d) => d.documentId) });
    }
  }

  // Accepted by the plain form before the scripts ran: recorded now as a tap on Accept would
  // have (the account, or this visitor's choices), then the mark is cleared.
  const formPending = decided && byForm.size > 0;
  useEffect(() => {
    if (!formPending) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- with `only`, it records and sets no state
    acceptPolicies((id) => byForm.has(id));
    clearFormMark(seenCookie);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the documents are known
  }, [formPending]);

  // Cookie consent by the plain form: recorded now as a tap on Accept would have, then the mark is cleared.
  const cookieFormPending = decided && cookiesByForm;
  useEffect(() => {
    if (!cookieFormPending) return;
    acceptCookies();
    writeCookie(besideSeen(seenCookie, COOKIE_CONSENT_ACCEPTED_COOKIE), null, seenCookie);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it is known who is here
  }, [cookieFormPending]);

  function acceptCookies() {
    setAcceptedCookies(true);
    legalChoicesStore.giveCookieConsent();
    if (signedIn) consent.mutate(undefined, { onSuccess: () => legalChoicesStore.forget({ cookieConsent: true }) });
  }

  // The server drew its guess of the banners in the first HTML (app/layout.tsx). Once this browser
  // knows, a guess that is the banner it would draw stays (answered here), and any other goes, its
  // own banner taking the place in the same frame (the same markup, so nothing moves).
  const back = mounted ? window.location.pathname + window.location.search : '/';
  const updatedTypes = updated.map((p) => p.documentType);
  const policiesKept = useServerCopy(LEGAL_SERVER_BANNER_ID, showPolicies ? policyBannerHtml(updatedTypes, links, t, first, back) : null, decided, () => acceptPolicies());
  const cookieKept = useServerCopy(COOKIE_SERVER_NOTICE_ID, showCookie ? cookieNoticeHtml(links['Cookie Policy'], t, back) : null, decided, acceptCookies);

  return (
    <>
      {showPolicies && !policiesKept && <PolicyBanner updated={updatedTypes} links={links} onAccept={() => acceptPolicies()} t={t} first={first} back={back} />}
      {showCookie && !cookieKept && <CookieNotice cookiePolicyUrl={links['Cookie Policy']} onAccept={acceptCookies} t={t} back={back} />}
    </>
  );
}
