import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { scans } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { phoneHeaders } from '../support/devices';
import { verifyResponseSchema } from '@/lib/schemas/verify';
import { CATALOGUES } from '@/messages';

// The risk reasons beside a verdict by code (docs/languages.md): the verify answer carries each
// reason's code and named values (risk.reasonCodes) beside the English words it always sent
// (risk.reasons, unchanged), one for one; the scan keeps them, and its evidence report says them
// in the downloading customer's language.

const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
jest.setTimeout(60_000);

const PUNE = '?lat=18.52&lng=73.86';
const DELHI = '?lat=28.61&lng=77.21';

async function setup() {
  const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true } });
  const batch = await createTestBatch(brand, { units: 1 });
  const qrId = batch.units[0]!.overt.qrId;
  const scan = async (device: string | null, query = '') =>
    call(server, brand.domain, 'GET', `/api/verify/info/${qrId}${query}`, device ? { headers: await phoneHeaders(brand.domain, device) } : {});
  return { brand, qrId, scan };
}

const pdfText = (bytes: Buffer) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evidence-'));
  const file = path.join(dir, 'e.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
const download = (domain: string, reference: string, cookie?: string) =>
  new Promise<Buffer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: `/api/verify/evidence/${reference}`, headers: { host: domain, ...(cookie ? { cookie } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.on('error', reject);
    req.end();
  });

describe('risk reasons by code in the verify answer', () => {
  it('gives each English reason its code and values, one for one, and keeps them with the scan', async () => {
    const { brand, scan } = await setup();
    const first = await scan(newDeviceId(), PUNE);
    expect(first.status).toBe(200);
    expect(verifyResponseSchema.safeParse(first.body).success).toBe(true);
    expect(first.body.risk).toEqual({ level: 'none', reasons: ['First check of this pack.'], reasonCodes: [{ code: 'firstCheck' }] });

    const second = await scan(newDeviceId(), PUNE);
    const { reasons, reasonCodes } = second.body.risk as { reasons: string[]; reasonCodes: { code: string; values?: Record<string, unknown> }[] };
    expect(reasonCodes.map((r) => r.code)).toEqual(['history', 'nothingUnusual']);
    expect(reasons).toHaveLength(reasonCodes.length);
    expect(reasons[0]).toMatch(/^First verified on \d{1,2} \w{3,4} \d{4} near Pune\. Verified 2 times since, by 2 different people\.$/);
    const today = new Date().toISOString().slice(0, 10);
    expect(reasonCodes[0]!.values).toEqual({ date: today, count: 2, people: 2, place: 'Pune' });

    const rows = await (await getDb()).select().from(scans).where(eq(scans.clientId, brand.id));
    expect(rows.map((r) => r.riskReasonCodes?.map((c) => c.code)).sort()).toEqual([['firstCheck'], ['history', 'nothingUnusual']].sort());
  });

  it('says by code that a location from nobody (no device, not signed in) was not used', async () => {
    const { scan } = await setup();
    const res = await scan(null, PUNE);
    expect(res.status).toBe(200);
    expect(res.body.risk.reasonCodes.at(-1)).toEqual({ code: 'untrustedPlace' });
    expect(res.body.risk.reasons.at(-1)).toBe('The location sent with this check was not used: it came from no device or signed-in account.');
  });

  it('names distance and time as values of a copied code, and the evidence report says the reasons in Hindi', async () => {
    const { brand, scan } = await setup();
    // Four unrelated phones in Pune, then four in Delhi minutes later (tests/api/risk.test.ts).
    for (let i = 0; i < 4; i++) expect((await scan(newDeviceId(), PUNE)).status).toBe(200);
    let last;
    for (let i = 0; i < 4; i++) last = await scan(newDeviceId(), DELHI);
    expect(last!.body.risk.level).toBe('suspect');
    const codes = last!.body.risk.reasonCodes as { code: string; values?: Record<string, unknown> }[];
    const travel = codes.find((r) => r.code === 'travel');
    expect(travel?.values).toMatchObject({ km: expect.any(Number), hours: 0 });
    expect(last!.body.risk.reasons[codes.indexOf(travel!)]).toBe(`Checked ${travel!.values!.km as number} km apart within an hour by different people: this code may have been copied.`);

    const reference = last!.body.evidence.reference as string;
    const english = pdfText(await download(brand.domain, reference));
    expect(english).toContain(`Checked ${travel!.values!.km as number} km apart within an hour by different people`);
    const hindi = pdfText(await download(brand.domain, reference, 'bv_lang=hi'));
    expect(hindi).not.toContain('Checked');
    expect(hindi).toContain(`${travel!.values!.km as number} km`);
    // The Hindi catalogue's words for it are in the report (pdftotext gives the script's letters back).
    expect(CATALOGUES.hi['risk.reason.travelHour']).toContain('एक घंटे');
    expect(hindi).toContain('घंटे');
  });
});
