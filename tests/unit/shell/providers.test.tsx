/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';
import { Providers } from '@/components/shell/providers';
import { authStore } from '@/lib/client/status';
import { refreshAccessToken } from '@/lib/client/lazy-http';
import { ENGLISH_PAGE } from '@/tests/support/i18n';

// The start-up token refresh (spec section 7) is asked only when the page's request carried a
// session cookie: without one it could only answer 401, so a shopper's first scan is a visitor at
// once, with no request and no error in the browser's console.

jest.mock('@/lib/client/lazy-http', () => ({ refreshAccessToken: jest.fn(() => Promise.resolve('token')) }));
const refresh = refreshAccessToken as jest.MockedFunction<typeof refreshAccessToken>;
const brand = {} as never; // the brand context only passes it on

beforeEach(() => {
  refresh.mockClear();
  act(() => authStore.set({ status: 'DEFAULT' }));
});

it('asks for a token when the request had a session cookie', () => {
  render(<Providers brand={brand} sessionCookie={true} language={ENGLISH_PAGE}>page</Providers>);
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(authStore.get().status).toBe('DEFAULT'); // the refresh decides
});

it('is a visitor at once, without asking, when it had none', () => {
  render(<Providers brand={brand} sessionCookie={false} language={ENGLISH_PAGE}>page</Providers>);
  expect(refresh).not.toHaveBeenCalled();
  expect(authStore.get().status).toBe('FAILED');
  expect(document.documentElement.dataset.hydrated).toBe('true');
});

it('leaves a status already known alone (signed in since, in this page)', () => {
  act(() => authStore.set({ status: 'SUCCESS', customerId: 'cus_1', accessToken: 't' }));
  render(<Providers brand={brand} sessionCookie={false} language={ENGLISH_PAGE}>page</Providers>);
  expect(authStore.get().status).toBe('SUCCESS');
});
