import { cookies, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { liveStaffSession } from '@/lib/console/sessions';
import { readStaffSession } from '@/lib/server/console-session';
import { consoleHost } from '@/lib/edge/console-host';

// A console page renders on the console host only (issue 28): layouts and pages render side by
// side, so each page's own read of the staff session refuses any other host ('Page not Found!')
// before it looks at the cookie; an X-Forwarded-Host never makes a request the console's.

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('next/navigation', () => ({
  notFound: jest.fn(() => {
    throw new Error('NEXT_NOT_FOUND');
  }),
  redirect: jest.fn(),
}));
jest.mock('@/lib/console/sessions', () => ({ liveStaffSession: jest.fn(async () => undefined) }));

const visit = (h: Record<string, string>) => {
  (headers as unknown as jest.Mock).mockResolvedValue(new Headers(h));
  (cookies as unknown as jest.Mock).mockResolvedValue({ get: () => ({ value: 'sealed-console-session' }) });
};

beforeEach(() => jest.clearAllMocks());

it('refuses a brand host with the console cookie, before reading the session', async () => {
  visit({ host: 'shop.localhost' });
  await expect(readStaffSession()).rejects.toThrow('NEXT_NOT_FOUND');
  expect(notFound).toHaveBeenCalled();
  expect(liveStaffSession).not.toHaveBeenCalled();
});

it('refuses a forwarded host that is not the console, and a brand host forwarded as the console', async () => {
  visit({ host: consoleHost(), 'x-forwarded-host': 'shop.localhost' });
  await expect(readStaffSession()).rejects.toThrow('NEXT_NOT_FOUND');
  visit({ host: 'shop.localhost', 'x-forwarded-host': consoleHost() });
  await expect(readStaffSession()).rejects.toThrow('NEXT_NOT_FOUND');
});

it('reads the session on the console host', async () => {
  visit({ host: consoleHost() });
  await expect(readStaffSession()).resolves.toBeUndefined();
  expect(notFound).not.toHaveBeenCalled();
});
