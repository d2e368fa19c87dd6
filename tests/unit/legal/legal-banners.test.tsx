/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LegalBanners } from '@/components/legal/legal-banners';
import { authStore } from '@/lib/client/status';
import { http } from '@/lib/client/http';
import { LEGAL_STORAGE_KEY } from '@/lib/client/legal';
import { LEGAL_TOP_SLOT_ID, policyLinks } from '@/components/legal/policy-links';
import { LEGAL_SERVER_BANNER_ID, policyBannerHtml } from '@/components/legal/policy-banner-html';
import { COOKIE_SERVER_NOTICE_ID, cookieNoticeHtml } from '@/components/legal/cookie-notice-html';
import { I18nProvider } from '@/components/shell/providers';
import { CATALOGUES } from '@/messages';
import { translator, type Locale } from '@/lib/shared/i18n';

jest.mock('@/lib/client/http', () => ({ http: jest.fn() }));
const httpMock = http as jest.MockedFunction<typeof http>;

const status = (acknowledged: boolean, isCookieConsentGiven = false) => ({
  isCookieConsentGiven,
  'Terms & Conditions': { acknowledged, documentId: 'doc_t', version: 1 },
  'Privacy Policy': { acknowledged, documentId: 'doc_p', version: 2 },
  'Cookie Policy': { acknowledged, documentId: 'doc_c', version: 1 },
});
const ui = { embedding_App_Privacy_Policy_URL: null, embedding_App_Terms_And_Conditions_URL: null };
const seenCookie = { name: 'bv_legal_seen', secure: false };
const clearCookie = () => (document.cookie = 'bv_legal_seen=; Path=/; Max-Age=0');

const english = translator(CATALOGUES.en);

function renderBanners(props: { embedding_App_Privacy_Policy_URL: string | null; embedding_App_Terms_And_Conditions_URL: string | null } = ui, locale: Locale = 'en') {
  const qc = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <I18nProvider locale={locale} messages={CATALOGUES[locale]} offered={['en', 'hi']} timeZone="Asia/Kolkata">
      <QueryClientProvider client={qc}>
        <LegalBanners ui={props} seenCookie={seenCookie} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return qc;
}

const calls = (path: string) => httpMock.mock.calls.filter(([p]) => p === path);

beforeEach(() => {
  httpMock.mockReset();
  localStorage.clear();
  clearCookie();
  document.body.className = '';
  act(() => authStore.set({ status: 'SUCCESS', customerId: 'cus_1', accessToken: 't' }));
});

describe('LegalBanners in the page\'s language', () => {
  it('shows both banners in Hindi, the policies by their Hindi names, linking where the English ones do', async () => {
    httpMock.mockResolvedValue(status(false));
    renderBanners(ui, 'hi');
    expect(await screen.findByRole('region', { name: 'अपडेट रहें !!!' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'कुकी सूचना' })).toHaveTextContent('आगे बढ़ने के लिए आपको कुकी नीति स्वीकार करनी होगी।');
    expect(screen.getByRole('link', { name: 'उपयोग की शर्तें' })).toHaveAttribute('href', '/terms-of-use');
    expect(screen.getByRole('link', { name: 'कुकी नीति' })).toHaveAttribute('href', '/privacy-policy#cookie-policy');
    expect(screen.getByRole('link', { name: 'देखें' })).toHaveAttribute('href', '/privacy-policy#cookie-policy');
    expect(screen.getAllByRole('button', { name: 'स्वीकार करें' })).toHaveLength(2);
  });
});

describe('LegalBanners for a signed-in customer', () => {
  it('shows both banners on the first visit, lists the three policies and locks scrolling', async () => {
    httpMock.mockResolvedValue(status(false));
    renderBanners();
    expect(await screen.findByRole('region', { name: 'Stay Informed !!!' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cookie Notice' })).toHaveTextContent('You must accept the Cookie Policy to continue.');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms-of-use');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/privacy-policy#cookie-policy');
    expect(screen.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/privacy-policy#cookie-policy');
    expect(document.body).toHaveClass('scroll-locked');
  });

  it('lists only the updated policies, linking to the embedding brand’s own pages when set', async () => {
    httpMock.mockResolvedValue({ ...status(true, true), 'Terms & Conditions': { acknowledged: false, documentId: 'doc_t2', version: 2 } });
    renderBanners({ embedding_App_Privacy_Policy_URL: 'https://shop.example.com/privacy', embedding_App_Terms_And_Conditions_URL: 'https://shop.example.com/terms' });
    const link = await screen.findByRole('link', { name: 'Terms of use' });
    expect(link).toHaveAttribute('href', 'https://shop.example.com/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cookie Notice' })).toBeNull();
  });

  it("puts 'Stay Informed !!!' in the page's top slot, in the flow above the page, and keeps the cookie notice at the foot", async () => {
    const slot = document.createElement('div');
    slot.id = LEGAL_TOP_SLOT_ID;
    document.body.prepend(slot);
    try {
      httpMock.mockResolvedValue(status(false));
      renderBanners();
      const top = await screen.findByRole('region', { name: 'Stay Informed !!!' });
      expect(top.parentElement).toBe(slot);
      expect(top.className).not.toMatch(/\b(fixed|absolute|sticky)\b/); // pushes the page down, covers nothing
      expect(screen.getByRole('region', { name: 'Cookie Notice' }).className).toMatch(/\bfixed\b.*\bbottom-0\b/);
      fireEvent.click(top.querySelector('button')!);
      expect(slot.childElementCount).toBe(0);
    } finally {
      slot.remove();
    }
  });

  it('hides both banners on Accept, records the choices and unlocks scrolling at once', async () => {
    httpMock.mockImplementation(async (path) => (path === '/legal/get-acknowledged-policies' ? status(false) : path === '/customer/cookie-consent' ? { isCookieConsentGiven: true } : status(true)) as never);
    renderBanners();
    const region = await screen.findByRole('region', { name: 'Stay Informed !!!' });
    fireEvent.click(region.querySelector('button')!);
    expect(screen.queryByRole('region', { name: 'Stay Informed !!!' })).toBeNull();
    expect(document.body).toHaveClass('scroll-locked'); // the cookie notice still waits
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie Notice' })).toBeNull();
    expect(document.body).not.toHaveClass('scroll-locked');
    await waitFor(() => expect(calls('/customer/cookie-consent')).toHaveLength(1));
    expect(calls('/legal/acknowledge-legal-policies')[0]![1]).toEqual({
      method: 'POST',
      body: {
        policies: [
          { userIdType: 'customer', userId: 'cus_1', documentId: 'doc_t', documentType: 'Terms & Conditions', version: 1 },
          { userIdType: 'customer', userId: 'cus_1', documentId: 'doc_p', documentType: 'Privacy Policy', version: 2 },
          { userIdType: 'customer', userId: 'cus_1', documentId: 'doc_c', documentType: 'Cookie Policy', version: 1 },
        ],
      },
    });
    await waitFor(() => expect(localStorage.getItem(LEGAL_STORAGE_KEY)).toBeNull()); // recorded, so nothing kept
  });

  it('still hides the banners when the acknowledge and consent calls fail, and keeps the choices for later', async () => {
    httpMock.mockImplementation(async (path) => {
      if (path === '/legal/get-acknowledged-policies') return status(false) as never;
      throw new Error('Something went wrong!');
    });
    renderBanners();
    const region = await screen.findByRole('region', { name: 'Stay Informed !!!' });
    fireEvent.click(region.querySelector('button')!);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls('/customer/cookie-consent')).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.body).not.toHaveClass('scroll-locked');
    expect(JSON.parse(localStorage.getItem(LEGAL_STORAGE_KEY)!)).toMatchObject({ cookieConsent: true, acknowledged: expect.arrayContaining([expect.objectContaining({ documentId: 'doc_p' })]) });
  });

  it('retries the policy fetch up to 3 times before showing the banners', async () => {
    let failures = 0;
    httpMock.mockImplementation(async () => {
      if (failures++ < 3) throw new Error('offline');
      return status(false) as never;
    });
    renderBanners();
    expect(await screen.findByRole('region', { name: 'Stay Informed !!!' })).toBeInTheDocument();
    expect(calls('/legal/get-acknowledged-policies')).toHaveLength(4);
  });

  it('gives up after 3 retries, showing nothing and leaving scrolling free', async () => {
    httpMock.mockRejectedValue(new Error('offline'));
    renderBanners();
    await waitFor(() => expect(calls('/legal/get-acknowledged-policies')).toHaveLength(4));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls('/legal/get-acknowledged-policies')).toHaveLength(4);
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.body).not.toHaveClass('scroll-locked');
  });
});

/** The page's first HTML as app/layout.tsx sends it: the server's copies of the banners, above the browser's slot. */
function serverCopies(policies: string, cookie: string) {
  const banner = document.createElement('div');
  banner.id = LEGAL_SERVER_BANNER_ID;
  banner.innerHTML = policies;
  const slot = document.createElement('div');
  slot.id = LEGAL_TOP_SLOT_ID;
  const notice = document.createElement('div');
  notice.id = COOKIE_SERVER_NOTICE_ID;
  notice.innerHTML = cookie;
  document.body.append(banner, slot, notice);
  return { banner, slot, notice, remove: () => [banner, slot, notice].forEach((e) => e.remove()) };
}

/** Whether a submit reached the document unprevented (the browser would then post the form and load a page). */
function watchSubmits() {
  const posted: boolean[] = [];
  const listen = (e: Event) => {
    posted.push(!e.defaultPrevented);
    e.preventDefault(); // jsdom cannot load the page
  };
  document.addEventListener('submit', listen);
  return { posted, stop: () => document.removeEventListener('submit', listen) };
}

describe("LegalBanners and the server's copies", () => {
  const links = policyLinks(ui);

  it("keeps the server's banners when they are the ones this browser would draw: the very buttons a tap may be pressing stay, and answer here", async () => {
    const copies = serverCopies(policyBannerHtml(['Terms & Conditions', 'Privacy Policy', 'Cookie Policy'], links, english, true), cookieNoticeHtml(links['Cookie Policy'], english));
    const pressed = { policies: copies.banner.querySelector('button')!, cookie: copies.notice.querySelector('button')! };
    const submits = watchSubmits();
    try {
      httpMock.mockImplementation(async (path) => (path === '/customer/cookie-consent' ? { isCookieConsentGiven: true } : status(false)) as never);
      renderBanners();
      await waitFor(() => expect(copies.notice.dataset.answered).toBe('here'));
      expect(copies.banner.dataset.answered).toBe('here');
      // the same elements: nothing was swapped under the customer's finger, and nothing drawn twice
      expect(pressed.policies.isConnected && pressed.cookie.isConnected).toBe(true);
      expect(copies.slot.childElementCount).toBe(0);
      expect(screen.getAllByRole('region', { name: 'Stay Informed !!!' })).toHaveLength(1);
      expect(screen.getAllByRole('region', { name: 'Cookie Notice' })).toHaveLength(1);
      expect(document.body).toHaveClass('scroll-locked');

      fireEvent.click(pressed.policies);
      expect(screen.queryByRole('region', { name: 'Stay Informed !!!' })).toBeNull();
      await waitFor(() => expect(calls('/legal/acknowledge-legal-policies')).toHaveLength(1));
      fireEvent.click(pressed.cookie);
      expect(screen.queryByRole('region', { name: 'Cookie Notice' })).toBeNull();
      await waitFor(() => expect(calls('/customer/cookie-consent')).toHaveLength(1));
      expect(submits.posted).toEqual([false, false]); // answered in place: no form posted, no page loaded
      expect(document.body).not.toHaveClass('scroll-locked');
      expect(copies.banner.dataset.answered).toBeUndefined();
    } finally {
      submits.stop();
      copies.remove();
    }
  });

  it('keeps a copy whose form names another page to return to (the page before a navigation in the browser)', async () => {
    const copies = serverCopies('', cookieNoticeHtml(links['Cookie Policy'], english, '/info/verify/a-code-scanned-first'));
    try {
      httpMock.mockResolvedValue(status(true, false) as never);
      renderBanners();
      await waitFor(() => expect(copies.notice.dataset.answered).toBe('here'));
      expect(screen.getAllByRole('region', { name: 'Cookie Notice' })).toHaveLength(1);
    } finally {
      copies.remove();
    }
  });

  it("swaps a server's copy that differs from this browser's banner, and draws its own", async () => {
    // the server guessed all three documents; this customer has only the Terms to accept
    const copies = serverCopies(policyBannerHtml(['Terms & Conditions', 'Privacy Policy', 'Cookie Policy'], links, english, true), cookieNoticeHtml(links['Cookie Policy'], english));
    try {
      httpMock.mockResolvedValue({ ...status(true, false), 'Terms & Conditions': { acknowledged: false, documentId: 'doc_t2', version: 2 } } as never);
      renderBanners();
      await waitFor(() => expect(copies.banner.childElementCount).toBe(0));
      const region = screen.getByRole('region', { name: 'Stay Informed !!!' });
      expect(copies.slot.contains(region)).toBe(true);
      expect(region).toHaveTextContent('Terms of use');
      expect(region).not.toHaveTextContent('Privacy policy');
      // the cookie notice is the same, so the server's stays
      expect(copies.notice.dataset.answered).toBe('here');
      expect(screen.getAllByRole('region', { name: 'Cookie Notice' })).toHaveLength(1);
    } finally {
      copies.remove();
    }
  });

  it("takes the server's copy away for good once accepted, and draws its own if the banner is wanted again", async () => {
    const copies = serverCopies('', cookieNoticeHtml(links['Cookie Policy'], english));
    try {
      httpMock.mockResolvedValue(status(true, false) as never);
      const qc = renderBanners();
      await waitFor(() => expect(copies.notice.dataset.answered).toBe('here'));
      // consent given elsewhere (another device): the notice goes
      act(() => qc.setQueryData(['legal', 'acknowledged-policies'], status(true, true)));
      await waitFor(() => expect(copies.notice.childElementCount).toBe(0));
      expect(screen.queryByRole('region', { name: 'Cookie Notice' })).toBeNull();
      // withdrawn again: this browser's own notice, the emptied copy left empty
      act(() => qc.setQueryData(['legal', 'acknowledged-policies'], status(true, false)));
      const region = await screen.findByRole('region', { name: 'Cookie Notice' });
      expect(copies.notice.contains(region)).toBe(false);
      expect(copies.notice.childElementCount).toBe(0);
    } finally {
      copies.remove();
    }
  });
});

describe('LegalBanners for a visitor', () => {
  beforeEach(() => act(() => authStore.set({ status: 'FAILED' })));
  const documents = {
    documents: [
      { documentType: 'Terms & Conditions', documentId: 'doc_t', version: 1, format: 'markdown', publishedAt: '2025-01-01T00:00:00.000Z', url: '/api/legal/documents/doc_t' },
      { documentType: 'Privacy Policy', documentId: 'doc_p', version: 2, format: 'markdown', publishedAt: '2025-01-01T00:00:00.000Z', url: '/api/legal/documents/doc_p' },
    ],
  };

  it('shows the banners for the current documents and keeps Accept in this browser', async () => {
    httpMock.mockResolvedValue(documents as never);
    renderBanners();
    const region = await screen.findByRole('region', { name: 'Stay Informed !!!' });
    expect(screen.queryByRole('link', { name: 'Cookie Policy' })).toBeNull(); // not published by this brand
    fireEvent.click(region.querySelector('button')!);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(calls('/legal/documents/current')[0]![1]).toEqual({ auth: false });
    expect(httpMock.mock.calls.some(([, o]) => (o as { method?: string } | undefined)?.method === 'POST')).toBe(false);
    expect(JSON.parse(localStorage.getItem(LEGAL_STORAGE_KEY)!)).toEqual({
      cookieConsent: true,
      acknowledged: [
        { documentType: 'Terms & Conditions', documentId: 'doc_t', version: 1 },
        { documentType: 'Privacy Policy', documentId: 'doc_p', version: 2 },
      ],
    });
  });

  it("replaces the server's banner with its own in place, and keeps what was accepted in the cookie the server reads", async () => {
    // The page's first HTML as app/layout.tsx sends it for a visitor who has accepted nothing.
    const server = document.createElement('div');
    server.id = LEGAL_SERVER_BANNER_ID;
    server.innerHTML = policyBannerHtml(['Terms & Conditions', 'Privacy Policy'], policyLinks(ui), english);
    const slot = document.createElement('div');
    slot.id = LEGAL_TOP_SLOT_ID;
    document.body.append(server, slot);
    try {
      httpMock.mockResolvedValue(documents as never);
      renderBanners();
      // Until this browser knows, the server's banner is the one shown.
      expect(screen.getByRole('region', { name: 'Stay Informed !!!' }).parentElement).toBe(server);
      await waitFor(() => expect(server.childElementCount).toBe(0));
      const region = screen.getByRole('region', { name: 'Stay Informed !!!' });
      // One banner: the browser's, in the slot; the server's guess is gone.
      expect(slot.contains(region)).toBe(true);
      expect(server.childElementCount).toBe(0);
      expect(screen.getAllByRole('region', { name: 'Stay Informed !!!' })).toHaveLength(1);
      expect(document.cookie).not.toContain('bv_legal_seen=doc');
      fireEvent.click(screen.getAllByRole('button', { name: 'Accept' })[0]!);
      await waitFor(() => expect(document.cookie).toContain('bv_legal_seen=doc_p.doc_t'));
    } finally {
      server.remove();
      slot.remove();
    }
  });

  it("takes the server's banner away when this browser had accepted the documents already", async () => {
    localStorage.setItem(LEGAL_STORAGE_KEY, JSON.stringify({ cookieConsent: true, acknowledged: [{ documentType: 'Terms & Conditions', documentId: 'doc_t', version: 1 }, { documentType: 'Privacy Policy', documentId: 'doc_p', version: 2 }] }));
    const server = document.createElement('div');
    server.id = LEGAL_SERVER_BANNER_ID;
    server.innerHTML = policyBannerHtml(['Terms & Conditions'], policyLinks(ui), english);
    document.body.append(server);
    try {
      httpMock.mockResolvedValue(documents as never);
      renderBanners();
      await waitFor(() => expect(server.childElementCount).toBe(0));
      expect(screen.queryByRole('region')).toBeNull();
      // And the server is told, for the next page.
      await waitFor(() => expect(document.cookie).toContain('bv_legal_seen=doc_p.doc_t'));
    } finally {
      server.remove();
    }
  });

  it('does not ask again on the next visit once accepted in this browser', async () => {
    localStorage.setItem(LEGAL_STORAGE_KEY, JSON.stringify({ cookieConsent: true, acknowledged: [{ documentType: 'Terms & Conditions', documentId: 'doc_t', version: 1 }, { documentType: 'Privacy Policy', documentId: 'doc_p', version: 2 }] }));
    httpMock.mockResolvedValue(documents as never);
    renderBanners();
    await waitFor(() => expect(calls('/legal/documents/current')).toHaveLength(1));
    // The answer reaches the component after this wait: act lets its update land in the test.
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
