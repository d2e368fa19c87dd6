import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { http } from './http';
import { LEGAL_DOCUMENT_TYPES } from '@/lib/domain/legal';
import type {
  AcknowledgePoliciesBody,
  AcknowledgedPolicies,
  CurrentDocuments,
  LegalDocumentType,
} from '@/lib/schemas/legal';

// Legal policies and cookie consent in the browser (docs/legal-and-embedding.md): the policy
// queries, the acknowledge and consent calls (their failures are ignored silently, spec section
// 8), and the choices kept in localStorage until they reach the server. A visitor's choices wait
// there until sign-in; a signed-in customer's choices wait there until a call succeeds.

export const POLICY_FETCH_RETRIES = 3; // spec sections 8 and 9
export const ACKNOWLEDGED_POLICIES_PATH = '/legal/get-acknowledged-policies';
export const ACKNOWLEDGE_PATH = '/legal/acknowledge-legal-policies';
export const COOKIE_CONSENT_PATH = '/customer/cookie-consent';
export const CURRENT_DOCUMENTS_PATH = '/legal/documents/current';

// GET /api/legal/get-acknowledged-policies — retried up to 3 times on failure
export const acknowledgedPoliciesQuery = () =>
  queryOptions({
    queryKey: ['legal', 'acknowledged-policies'] as const,
    queryFn: () => http<AcknowledgedPolicies>(ACKNOWLEDGED_POLICIES_PATH),
    retry: POLICY_FETCH_RETRIES,
  });

// GET /api/legal/documents/current — what a visitor must accept (anonymous)
export const currentDocumentsQuery = () =>
  queryOptions({
    queryKey: ['legal', 'current-documents'] as const,
    queryFn: () => http<CurrentDocuments>(CURRENT_DOCUMENTS_PATH, { auth: false }),
    retry: POLICY_FETCH_RETRIES,
  });

// POST /api/legal/acknowledge-legal-policies — errors ignored silently (the caller already hid the banner)
export const acknowledgePoliciesMutation = (qc: QueryClient) =>
  mutationOptions({
    mutationKey: ['legal', 'acknowledge'] as const,
    mutationFn: (body: AcknowledgePoliciesBody) => http<AcknowledgedPolicies>(ACKNOWLEDGE_PATH, { method: 'POST', body }),
    onSuccess: (status) => qc.setQueryData(acknowledgedPoliciesQuery().queryKey, status),
    onError: () => undefined,
  });

// POST /api/customer/cookie-consent — errors ignored silently
export const cookieConsentMutation = (qc: QueryClient) =>
  mutationOptions({
    mutationKey: ['legal', 'cookie-consent'] as const,
    mutationFn: () => http<{ isCookieConsentGiven: true }>(COOKIE_CONSENT_PATH, { method: 'POST' }),
    onSuccess: () =>
      qc.setQueryData(acknowledgedPoliciesQuery().queryKey, (old) => (old ? { ...old, isCookieConsentGiven: true } : old)),
    onError: () => undefined,
  });

/** A document the browser has accepted (not yet known to the server). */
export type StoredAcknowledgement = { documentType: LegalDocumentType; documentId: string; version: number };
export type StoredLegalChoices = { acknowledged: StoredAcknowledgement[]; cookieConsent: boolean };

/** One key per origin, and so per brand (each brand has its own host). */
export const LEGAL_STORAGE_KEY = 'legal-choices:v1';
const empty = (): StoredLegalChoices => ({ acknowledged: [], cookieConsent: false });

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked (a sandboxed or third-party frame)
  }
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Parses stored choices; anything malformed or tampered reads as no choice. */
export function parseLegalChoices(raw: string | null | undefined): StoredLegalChoices {
  try {
    if (!raw) return empty();
    const v = JSON.parse(raw) as Partial<StoredLegalChoices>;
    const acknowledged = Array.isArray(v.acknowledged)
      ? v.acknowledged.filter(
          (a): a is StoredAcknowledgement =>
            !!a &&
            (LEGAL_DOCUMENT_TYPES as readonly string[]).includes(a.documentType) &&
            typeof a.documentId === 'string' &&
            Number.isInteger(a.version),
        )
      : [];
    return { acknowledged, cookieConsent: v.cookieConsent === true };
  } catch {
    return empty();
  }
}

export const legalChoicesStore = {
  /** The raw stored value: a stable snapshot for useSyncExternalStore. */
  snapshot(): string | null {
    try {
      return storage()?.getItem(LEGAL_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => e.key === LEGAL_STORAGE_KEY && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
  read(): StoredLegalChoices {
    return parseLegalChoices(this.snapshot());
  },
  write(choices: StoredLegalChoices) {
    try {
      storage()?.setItem(LEGAL_STORAGE_KEY, JSON.stringify(choices));
    } catch {
      // full or blocked storage: the choice still holds for this page view
    }
    notify();
  },
  /** Adds acknowledgements (one per document type, the newest wins). */
  acknowledge(docs: StoredAcknowledgement[]) {
    const cur = this.read();
    const kept = cur.acknowledged.filter((a) => !docs.some((d) => d.documentType === a.documentType));
    this.write({ ...cur, acknowledged: [...kept, ...docs] });
  },
  giveCookieConsent() {
    this.write({ ...this.read(), cookieConsent: true });
  },
  /** Drops what the server has recorded. */
  forget(sent: { documentIds?: string[]; cookieConsent?: boolean }) {
    const cur = this.read();
    const next = {
      acknowledged: cur.acknowledged.filter((a) => !sent.documentIds?.includes(a.documentId)),
      cookieConsent: cur.cookieConsent && !sent.cookieConsent,
    };
    if (!next.cookieConsent && next.acknowledged.length === 0) this.clear();
    else this.write(next);
  },
  clear() {
    try {
      storage()?.removeItem(LEGAL_STORAGE_KEY);
    } catch {
      // nothing to clear
    }
    notify();
  },
};

/** Was this current document accepted in this browser? */
export function storedAcknowledges(choices: StoredLegalChoices, documentId: string | null): boolean {
  return documentId === null || choices.acknowledged.some((a) => a.documentId === documentId);
}

/**
 * Once a customer is signed in: sends the choices kept in this browser (acknowledgements only
 * for the versions that are still current; older ones are dropped), then clears them. A failed
 * call keeps them for the next time. Answers the server's state after the sync.
 */
export async function syncStoredLegalChoices(qc: QueryClient, customerId: string): Promise<AcknowledgedPolicies | undefined> {
  const choices = legalChoicesStore.read();
  if (!choices.cookieConsent && choices.acknowledged.length === 0) return qc.getQueryData(acknowledgedPoliciesQuery().queryKey);
  try {
    let status = await qc.fetchQuery({ ...acknowledgedPoliciesQuery(), staleTime: 0 });
    const policies = LEGAL_DOCUMENT_TYPES.flatMap((type) => {
      const current = status[type];
      const stored = choices.acknowledged.find((a) => a.documentId === current.documentId && a.version === current.version);
      return stored && !current.acknowledged
        ? [{ userIdType: 'customer' as const, userId: customerId, documentId: stored.documentId, documentType: type, version: stored.version }]
        : [];
    });
    if (policies.length) status = await http<AcknowledgedPolicies>(ACKNOWLEDGE_PATH, { method: 'POST', body: { policies } });
    if (choices.cookieConsent && !status.isCookieConsentGiven) {
      await http(COOKIE_CONSENT_PATH, { method: 'POST' });
      status = { ...status, isCookieConsentGiven: true };
    }
    qc.setQueryData(acknowledgedPoliciesQuery().queryKey, status);
    legalChoicesStore.clear();
    return status;
  } catch {
    return undefined; // ignored silently; the choices stay for the next attempt
  }
}
