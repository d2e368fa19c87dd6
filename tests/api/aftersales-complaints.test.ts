import { createTestBrand, apiServerForFile } from '../support/api-server';
import { as, claimedUnit, countRows, fixtures, op, postForm, signedInCustomer, type Part, type TestCustomer } from '../support/aftersales';
import { complaintMessages, complaints, files } from '@/lib/db/schema';

// Complaints: raise with attachments, list, thread, reply; the brand's side by operator commands.

const server = apiServerForFile();

const FLAGS = { isComplaintManagementEnabled: true };
const PRIORITIES = ['Low', 'Urgent'];

async function setup() {
  const brand = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: PRIORITIES } });
  const alice = await signedInCustomer(brand.id);
  const unit = await claimedUnit(brand.id, alice.customerId);
  return { brand, alice, unit };
}

const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({ category: 'Damaged product', priority: 'Urgent', description: 'The seal was broken when I opened it.', ...over }).map(([name, value]) => ({ name, value }));

const raise = (host: string, who: TestCustomer, parts: Part[]) => postForm(server, host, who, '/api/customer/complaints', parts);

async function counts(clientId: string) {
  return { complaints: await countRows(complaints, clientId), files: await countRows(files, clientId), messages: await countRows(complaintMessages, clientId) };
}

describe('raising and following a complaint', () => {
  it('raises a ticket with attachments on a claimed unit, lists it, and keeps a thread with the brand', async () => {
    const { brand, alice, unit } = await setup();
    const api = as(server, brand.domain, alice);
    const options = await api('GET', '/api/customer/complaints/options');
    expect(options.body).toMatchObject({ priorities: PRIORITIES, maxAttachments: 3 });
    const res = await raise(brand.domain, alice, [
      ...fields({ unitId: unit.unitId }),
      { name: 'attachments', filename: 'photo.png', type: 'image/png', bytes: fixtures.png() },
      { name: 'attachments', filename: 'clip.mp4', type: 'video/mp4', bytes: fixtures.mp4() },
      { name: 'attachments', filename: 'bill.pdf', type: 'application/pdf', bytes: fixtures.pdf() },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ticketId: 'TKT-000001', status: 'unassigned', priority: 'Urgent', unitId: unit.unitId, productId: unit.productId, productName: 'Water Purifier', messages: [] });
    expect(res.body.attachments.map((a: { name: string; mediaType: string }) => [a.name, a.mediaType])).toEqual([
      ['photo.png', 'image'],
      ['clip.mp4', 'video'],
      ['bill.pdf', 'pdf'],
    ]);
    const img = await api('GET', `${res.body.attachments[0].url}?disposition=inline`);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');

    const second = await raise(brand.domain, alice, fields({ productId: unit.productId, priority: 'Low' }));
    expect(second.body.ticketId).toBe('TKT-000002');
    const list = await api('GET', '/api/customer/complaints');
    expect(list.body.complaints.map((c: { ticketId: string }) => c.ticketId)).toEqual(['TKT-000002', 'TKT-000001']);
    expect(list.body.complaints[1].statusColor).toMatch(/^#[0-9a-f]{6}$/);

    await op('assign-complaint', { slug: brand.slug, ticket: 'TKT-000001', assignee: 'Ravi' });
    await op('reply-complaint', { slug: brand.slug, ticket: 'TKT-000001', message: 'Sorry! A replacement is on its way.' });
    const reply = await api('POST', '/api/customer/complaints/TKT-000001/messages', { body: { body: 'Thank you.' } });
    expect(reply.status).toBe(201);
    expect(reply.body.status).toBe('open');
    expect(reply.body.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['brand', 'Sorry! A replacement is on its way.'],
      ['customer', 'Thank you.'],
    ]);
    expect(reply.body.messages[0].authorName).toBe(`Brand ${brand.slug}`);
    expect(await op('set-complaint-status', { slug: brand.slug, ticket: 'TKT-000001', status: 'inprogress' })).toEqual({ ticketId: 'TKT-000001', status: 'inprogress' });
    await op('set-complaint-status', { slug: brand.slug, ticket: 'TKT-000001', status: 'closed' });
    const detail = await api('GET', '/api/customer/complaints/TKT-000001');
    expect(detail.body.status).toBe('closed');
    const late = await api('POST', '/api/customer/complaints/TKT-000001/messages', { body: { body: 'One more thing' } });
    expect(late.status).toBe(409);
    expect(await countRows(complaintMessages, brand.id)).toBe(2);
  });

  it('refuses a status move that is not allowed, naming the allowed ones, and changes nothing', async () => {
    const { brand, alice } = await setup();
    await raise(brand.domain, alice, fields());
    await expect(op('set-complaint-status', { slug: brand.slug, ticket: 'TKT-000001', status: 'inprogress' })).rejects.toMatchObject({
      message: 'A unassigned complaint cannot move to inprogress; it can move to: open, closed',
    });
    await expect(op('set-complaint-status', { slug: brand.slug, ticket: 'TKT-000001', status: 'bogus' })).rejects.toThrow(/status/);
    await expect(op('set-complaint-status', { slug: brand.slug, ticket: 'TKT-000099', status: 'open' })).rejects.toThrow('No complaint TKT-000099');
    expect((await as(server, brand.domain, alice)('GET', '/api/customer/complaints/TKT-000001')).body.status).toBe('unassigned');
    expect(await op('list-complaints', { slug: brand.slug })).toEqual([expect.objectContaining({ ticketId: 'TKT-000001', status: 'unassigned' })]);
  });
});

describe('bad complaints', () => {
  const cases: Array<[string, Part[], number, RegExp]> = [
    ['a priority the brand does not use', fields({ priority: 'High' }), 422, /^priority: must be one of: Low, Urgent$/],
    ['an unknown category', fields({ category: 'Spam' }), 422, /^category: must be one of/],
    ['a short description', fields({ description: 'bad' }), 422, /^description: must be at least 10 characters/],
    ['an unknown field', [...fields(), { name: 'status', value: 'closed' }], 422, /^Unknown field: status/],
    ['an SVG attachment', [...fields(), { name: 'attachments', filename: 'x.svg', type: 'image/svg+xml', bytes: fixtures.svg() }], 415, /^attachments: SVG files are not accepted/],
    ['an HTML attachment', [...fields(), { name: 'attachments', filename: 'x.png', type: 'image/png', bytes: fixtures.html() }], 415, /^attachments: HTML files are not accepted/],
    ['an empty attachment', [...fields(), { name: 'attachments', filename: 'x.png', type: 'image/png', bytes: Buffer.alloc(0) }], 422, /^attachments: the file is empty/],
    ['bytes that do not match the type', [...fields(), { name: 'attachments', filename: 'x.mp4', type: 'video/mp4', bytes: fixtures.jpeg() }], 415, /does not match its type/],
    ['an oversized image', [...fields(), { name: 'attachments', filename: 'x.png', type: 'image/png', bytes: fixtures.png(5 * 1024 * 1024 + 1) }], 413, /^attachments: image files must be at most 5 MB/],
    ['a path-like file name', [...fields(), { name: 'attachments', filename: '../../etc/passwd', type: 'image/png', bytes: fixtures.png() }], 422, /^attachments: the file name must not contain a folder path/],
    ['four attachments', [...fields(), ...Array.from({ length: 4 }, () => ({ name: 'attachments', filename: 'a.png', type: 'image/png', bytes: fixtures.png() }))], 422, /^attachments: at most 3 files/],
  ];
  it.each(cases)('refuses %s with a clear 4xx and stores nothing', async (_what, parts, status, message) => {
    const { brand, alice } = await setup();
    const before = await counts(brand.id);
    const res = await raise(brand.domain, alice, parts);
    expect(res.status).toBe(status);
    expect(res.body.errorMessage).toMatch(message);
    // Every refusal here is about one field, and names it as data.
    expect(res.body.field).toBe(message.source.match(/^\^(\w+):/)?.[1] ?? (/Unknown field/.test(message.source) ? 'status' : 'attachments'));
    expect(await counts(brand.id)).toEqual(before);
  });

  it('refuses a complaint when the brand has complaints off, storing nothing', async () => {
    const brand = await createTestBrand({ flags: { isComplaintManagementEnabled: false } });
    const alice = await signedInCustomer(brand.id);
    const res = await raise(brand.domain, alice, fields());
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe(`This service is not offered by Brand ${brand.slug}.`);
    for (const p of ['/api/customer/complaints', '/api/customer/complaints/options', '/api/customer/complaints/TKT-000001']) {
      expect((await as(server, brand.domain, alice)('GET', p)).status).toBe(403);
    }
    expect(await countRows(complaints, brand.id)).toBe(0);
  });
});

describe('isolation of complaints and files', () => {
  it('answers 404 for another customer\'s or another brand\'s ticket, unit and attachment, and changes nothing', async () => {
    const { brand, alice, unit } = await setup();
    const t = (await raise(brand.domain, alice, [...fields(), { name: 'attachments', filename: 'p.png', type: 'image/png', bytes: fixtures.png() }])).body;
    const other = await createTestBrand({ flags: FLAGS, complaintConfig: { priorities: PRIORITIES } });
    const before = await counts(brand.id);
    for (const [host, who] of [
      [brand.domain, await signedInCustomer(brand.id)],
      [other.domain, await signedInCustomer(other.id)],
    ] as const) {
      const api = as(server, host, who);
      expect((await api('GET', `/api/customer/complaints/${t.ticketId}`)).status).toBe(404);
      expect((await api('POST', `/api/customer/complaints/${t.ticketId}/messages`, { body: { body: 'hijack' } })).status).toBe(404);
      expect((await api('GET', t.attachments[0].url)).status).toBe(404);
      expect((await api('GET', '/api/customer/complaints')).body.complaints.map((c: { ticketId: string }) => c.ticketId)).not.toContain(t.ticketId);
      expect((await raise(host, who, fields({ unitId: unit.unitId }))).status).toBe(404);
    }
    expect((await raise(other.domain, await signedInCustomer(other.id), fields({ productId: unit.productId }))).status).toBe(404);
    expect(await counts(brand.id)).toEqual(before);
  });
});
