import type { PgTable } from 'drizzle-orm/pg-core';
import { type Res, apiServerForFile } from '../support/api-server';
import { as, countRows, postForm, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { awayFromWindowEnd } from '../support/rate-windows';
import { attackBrand } from '../attack/world';
import { complaintMessages, cookieConsents, feedback, legalAcknowledgements, reports } from '@/lib/db/schema';
import { ACKNOWLEDGE_LIMIT, COMPLAINT_REPLY_LIMIT, COOKIE_CONSENT_LIMIT } from '@/lib/api/append-limits';

// Every endpoint that appends a row per call is rate limited per customer: the call past the
// limit answers 429 with an errorMessage and Retry-After, and writes nothing.

const server = apiServerForFile();

type Case = {
  name: string;
  limit: number;
  table: PgTable & { clientId: unknown };
  prepare?: (host: string, who: TestCustomer) => Promise<unknown>;
  send: (host: string, who: TestCustomer, state: any) => Promise<Res>;
};

const cases: Case[] = [
  { name: 'cookie consent', limit: COOKIE_CONSENT_LIMIT.limit, table: cookieConsents, send: (host, who) => as(server, host, who)('POST', '/api/customer/cookie-consent') },
  {
    name: 'policy acknowledgements',
    limit: ACKNOWLEDGE_LIMIT.limit,
    table: legalAcknowledgements,
    prepare: async (host, who) => (await as(server, host, who)('GET', '/api/legal/documents/current')).body.documents,
    send: (host, who, docs: Array<{ documentId: string; documentType: string; version: number }>) =>
      as(server, host, who)('POST', '/api/legal/acknowledge-legal-policies', {
        body: { policies: docs.map((d) => ({ userIdType: 'customer', userId: who.customerId, documentId: d.documentId, documentType: d.documentType, version: d.version })) },
      }),
  },
  {
    name: 'complaint replies',
    limit: COMPLAINT_REPLY_LIMIT.limit,
    table: complaintMessages,
    prepare: async (host, who) =>
      (
        await postForm(server, host, who, '/api/customer/complaints', [
          { name: 'category', value: 'Damaged product' },
          { name: 'priority', value: 'Urgent' },
          { name: 'description', value: 'The seal was broken when I opened it.' },
        ])
      ).body.ticketId,
    send: (host, who, ticketId: string) => as(server, host, who)('POST', `/api/customer/complaints/${ticketId}/messages`, { body: { body: 'Any news?' } }),
  },
  { name: 'feedback', limit: 30, table: feedback, send: (host, who) => as(server, host, who)('POST', '/api/customer/feedback', { body: { rating: 5, comment: 'Good' } }) },
  {
    name: 'reports',
    limit: 20,
    table: reports,
    send: (host, who) => postForm(server, host, who, '/api/report', [{ name: 'description', value: 'The box looked tampered with.' }]),
  },
];

describe.each(cases)('$name', ({ limit, table, prepare, send }) => {
  it(`allows ${limit} calls an hour per customer, then answers 429 and writes nothing`, async () => {
    await awayFromWindowEnd(3600, 120_000);
    const brand = await attackBrand();
    const who = await signedInCustomer(brand.id);
    const state = prepare ? await prepare(brand.domain, who) : undefined;
    for (let i = 0; i < limit; i++) {
      const res = await send(brand.domain, who, state);
      expect(res.status).toBeLessThan(300);
    }
    const rows = await countRows(table, brand.id);
    const over = await send(brand.domain, who, state);
    expect(over.status).toBe(429);
    expect(over.body.errorMessage).toMatch(/^Too (many|much) .+ Please try again/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(table, brand.id)).toBe(rows);
    // Another customer of the brand is not held back by the first one's count.
    const other = await signedInCustomer(brand.id);
    const otherState = prepare ? await prepare(brand.domain, other) : undefined;
    expect((await send(brand.domain, other, otherState)).status).toBeLessThan(300);
  }, 120_000);
});
