import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { PASSWORD, uniqueEmail } from './auth-support';

// Behind TRUST_PROXY=<hops> the caller is the X-Forwarded-For entry that many hops from the
// right, and IPv6 callers share their /64: a client that writes its own entries, or walks its
// /64, stays in one rate-limit bucket (README, TRUST_PROXY).

jest.setTimeout(60_000);
const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });

const signUp = (host: string, forwardedFor: string) =>
  call(server, host, 'POST', '/api/auth/customer/web/signup', {
    body: { channel: 'email', contact: uniqueEmail(), password: PASSWORD, userName: 'A' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

async function twentyThenOneMore(host: string, forwardedFor: (i: number) => string) {
  for (let i = 0; i < 20; i++) expect((await signUp(host, forwardedFor(i))).status).toBe(201);
  return (await signUp(host, forwardedFor(20))).status;
}

it('counts a caller who forges the left of X-Forwarded-For as the address the proxy appended', async () => {
  const brand = await createTestBrand();
  expect(await twentyThenOneMore(brand.domain, (i) => `10.9.${i}.1, 198.51.100.7`)).toBe(429);
  // Another caller behind the same proxy is not affected.
  expect((await signUp(brand.domain, '10.9.0.1, 198.51.100.8')).status).toBe(201);
});

it('counts every address of one IPv6 /64 as one caller', async () => {
  const brand = await createTestBrand();
  expect(await twentyThenOneMore(brand.domain, (i) => `2001:db8:7:7:${i.toString(16)}::1`)).toBe(429);
  expect((await signUp(brand.domain, '2001:db8:7:8::1')).status).toBe(201);
});
