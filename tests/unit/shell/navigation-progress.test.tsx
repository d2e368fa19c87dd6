/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { I18nProvider, Providers } from '@/components/shell/providers';
import { NavigationProgress } from '@/components/shell/navigation-progress';
import { ENGLISH_PAGE } from '@/tests/support/i18n';

// The bar loads after the page (shell-effects.tsx), yet a tap made before it loaded still shows it:
// the page's own listener (installed by Providers at hydration) keeps the click, where it was made
// and on which history entry.

jest.mock('@/lib/client/lazy-http', () => ({ refreshAccessToken: jest.fn(() => Promise.resolve('token')) }));
let pathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

const brand = {} as never;
const bar = () => screen.queryByRole('progressbar', { name: 'Loading the next screen' });

/** A link as the router renders one: its own click handler prevents the browser's navigation. */
function link(href: string, attrs: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = href;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  a.addEventListener('click', (ev) => ev.preventDefault());
  document.body.append(a);
  return a;
}

const bareBar = () => (
  <I18nProvider {...ENGLISH_PAGE}>
    <NavigationProgress />
  </I18nProvider>
);

let unmountPage: () => void;
beforeEach(() => {
  pathname = '/';
  window.history.replaceState({ entry: 'first' }, '', '/'); // as the router's: an entry's own state
  unmountPage = render(<Providers brand={brand} sessionCookie={false} language={ENGLISH_PAGE}>page</Providers>).unmount;
});
afterEach(() => {
  unmountPage();
  document.body.innerHTML = '';
});

it('shows for a tap made before the bar loaded, and goes when the screen changes', () => {
  link('/my-products').click();
  const { rerender } = render(bareBar());
  expect(bar()).not.toBeNull();
  pathname = '/my-products';
  window.history.pushState(null, '', '/my-products');
  rerender(bareBar());
  expect(bar()).toBeNull();
});

it('shows for a tap after it loaded', () => {
  render(bareBar());
  expect(bar()).toBeNull();
  act(() => link('/rewards').click());
  expect(bar()).not.toBeNull();
});

it('does not show for a navigation that ended before it loaded', () => {
  link('/my-products').click();
  window.history.pushState(null, '', '/my-products');
  pathname = '/my-products';
  render(bareBar());
  expect(bar()).toBeNull();
});

it('does not show after back or forward moved to another entry of the same screen', () => {
  link('/my-products').click();
  window.history.replaceState({ entry: 'another' }, '', '/'); // a history entry's state is its own
  render(bareBar());
  expect(bar()).toBeNull();
});

it('reads a click made before it loaded once', () => {
  link('/my-products').click();
  render(bareBar()).unmount();
  render(bareBar());
  expect(bar()).toBeNull();
});

it('ignores links that are no navigation of this screen', () => {
  render(bareBar());
  act(() => {
    link('/').click(); // the screen itself
    link('https://elsewhere.example/page').click(); // another site
    link('/api/customer/my-data').click(); // a download through the API
    link('/guide.pdf', { download: '' }).click();
    link('/terms', { target: '_blank' }).click();
    link('/rewards').dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true })); // a new tab
  });
  expect(bar()).toBeNull();
});
