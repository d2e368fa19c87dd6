import { headers, cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { markSessionAtBrand } from '@/lib/console/sessions';
import { membershipAt } from '@/lib/console/staff';
import { requireStaffPage } from '@/lib/server/console-session';
import { consoleHost } from '@/lib/edge/console-host';

// A member disabled at a brand (issue 28, docs/console.md "Disabling a member"): that brand's pages
// are 'Page not Found!' for them, whatever their role, and the session is not recorded as having
// reached the brand; a brand where they are enabled opens as before. The API's guard is tested in
// tests/api/console-member-controls.test.ts.

jest.mock('next/headers', () => ({ headers: jest.fn(), cookies: jest.fn() }));
jest.mock('next/navigation', () => ({
  notFound: jest.fn(() => {
    throw new Error('NEXT_NOT_FOUND');
  }),
  redirect: jest.fn(() => {
    throw new Error('NEXT_REDIRECT');
  }),
}));
jest.mock('@/lib/edge/console-host', () => ({ ...jest.requireActual('@/lib/edge/console-host'), unsealStaffSessionId: jest.fn(async () => 'sts_test') }));
jest.mock('@/lib/console/sessions', () => ({
  liveStaffSession: jest.fn(async () => ({ sessionId: 'sts_test', staffId: 'stf_test', email: 'm@staff.example', name: 'M', secondFactor: true, totpEnrolled: true })),
  markSessionAtBrand: jest.fn(async () => undefined),
}));
jest.mock('@/lib/console/staff', () => ({ membershipAt: jest.fn() }));

const client = { id: 'cl_a', slug: 'brand-a', organizationName: 'Brand A', organizationType: 'Manufacturer', config: {} };

beforeEach(() => {
  jest.clearAllMocks();
  (headers as unknown as jest.Mock).mockResolvedValue(new Headers({ host: consoleHost() }));
  (cookies as unknown as jest.Mock).mockResolvedValue({ get: () => ({ value: 'sealed' }) });
});

it('answers Page not Found! for a brand where the member is disabled, whatever the role', async () => {
  (membershipAt as jest.Mock).mockResolvedValue({ client, role: 'owner', disabled: true });
  await expect(requireStaffPage('brand-a', 'overview')).rejects.toThrow('NEXT_NOT_FOUND');
  expect(notFound).toHaveBeenCalled();
  expect(markSessionAtBrand).not.toHaveBeenCalled();
});

it('opens a brand where the member is enabled', async () => {
  (membershipAt as jest.Mock).mockResolvedValue({ client, role: 'owner', disabled: false });
  const page = await requireStaffPage('brand-a', 'overview');
  expect(page.brand.slug).toBe('brand-a');
  expect(markSessionAtBrand).toHaveBeenCalledWith('sts_test', 'cl_a');
});
