/** @jest-environment jsdom */
import { QueryClient } from '@tanstack/react-query';
import { http } from '@/lib/client/http';
import { LEGAL_STORAGE_KEY, legalChoicesStore, syncStoredLegalChoices } from '@/lib/client/legal';

jest.mock('@/lib/client/http', () => ({ http: jest.fn() }));
const httpMock = http as jest.MockedFunction<typeof http>;

const serverState = {
  isCookieConsentGiven: false,
  'Terms & Conditions': { acknowledged: false, documentId: 'doc_t2', version: 2 },
  'Privacy Policy': { acknowledged: false, documentId: 'doc_p', version: 1 },
  'Cookie Policy': { acknowledged: true, documentId: 'doc_c', version: 1 },
};

beforeEach(() => {
  httpMock.mockReset();
  localStorage.clear();
});

describe('syncStoredLegalChoices', () => {
  it('sends after sign-in only the stored acknowledgements of current versions, and the consent, then clears them', async () => {
    legalChoicesStore.acknowledge([
      { documentType: 'Terms & Conditions', documentId: 'doc_t1', version: 1 }, // replaced by version 2 since
      { documentType: 'Privacy Policy', documentId: 'doc_p', version: 1 },
    ]);
    legalChoicesStore.giveCookieConsent();
    httpMock.mockImplementation(async (path) => (path === '/legal/get-acknowledged-policies' ? serverState : path === '/legal/acknowledge-legal-policies' ? { ...serverState, 'Privacy Policy': { ...serverState['Privacy Policy'], acknowledged: true } } : { isCookieConsentGiven: true }) as never);
    const status = await syncStoredLegalChoices(new QueryClient(), 'cus_9');
    expect(httpMock).toHaveBeenCalledWith('/legal/acknowledge-legal-policies', {
      method: 'POST',
      body: { policies: [{ userIdType: 'customer', userId: 'cus_9', documentId: 'doc_p', documentType: 'Privacy Policy', version: 1 }] },
    });
    expect(httpMock).toHaveBeenCalledWith('/customer/cookie-consent', { method: 'POST' });
    expect(status?.isCookieConsentGiven).toBe(true);
    expect(status?.['Terms & Conditions'].acknowledged).toBe(false);
    expect(localStorage.getItem(LEGAL_STORAGE_KEY)).toBeNull();
  });

  it('keeps the choices when the server cannot be reached, without throwing', async () => {
    legalChoicesStore.giveCookieConsent();
    httpMock.mockRejectedValue(new Error('offline'));
    const qc = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    await expect(syncStoredLegalChoices(qc, 'cus_9')).resolves.toBeUndefined();
    expect(legalChoicesStore.read().cookieConsent).toBe(true);
  });

  it('calls nothing when this browser holds no choices', async () => {
    await syncStoredLegalChoices(new QueryClient(), 'cus_9');
    expect(httpMock).not.toHaveBeenCalled();
  });

  it('ignores a tampered store', () => {
    localStorage.setItem(LEGAL_STORAGE_KEY, '{"acknowledged":[{"documentType":"Other","documentId":"x","version":1}],"cookieConsent":"yes"}');
    expect(legalChoicesStore.read()).toEqual({ acknowledged: [], cookieConsent: false });
  });
});
