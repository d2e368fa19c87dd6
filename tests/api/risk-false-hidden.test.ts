import { eq } from 'drizzle-orm';
import { call, createTestBrand, apiServerForFile } from '../support/api-server';
import { createTestCustomer } from '../support/customers';
import { createTestBatch } from '../support/codes';
import { getDb } from '@/lib/db/client';
import { redFlags } from '@/lib/db/schema';
import type { ClientConfigPatch } from '@/lib/schemas/client-config';
import { newDeviceId } from '@/lib/edge/device-id';
import { phoneHeaders } from '../support/devices';
import { CLAIMANT_REASON } from '@/lib/domain/risk';
import { setScanClockForSimulation } from '@/lib/clock';
import { FALSE_HIDDEN_WINDOW_MS } from '@/lib/api/verify/verify-code';

// Copies sold first (docs/verification.md, "Copies sold first"): a copy's scratch panel carries a
// hidden code that does not exist. Someone who checks a unit's visible code and then types such a
// hidden code is evidence against that code's copies, linked to the unit they checked; enough
// independent ones make it suspect, raise the brand's red flag, and never turn against the
// customer who claims the unit with its real hidden code.

const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
jest.setTimeout(60_000);

/** A hidden code of the real shape that nobody issued. */
const madeUp = () => `Zz${newDeviceId().replace(/[^A-Za-z0-9]/g, '').slice(3, 18)}`.slice(0, 17);

async function setup(config: ClientConfigPatch = { flags: { isRedFlaggingEnabled: true } }) {
  const brand = await createTestBrand(config);
  const batch = await createTestBatch(brand, { units: 2 });
  const scan = async (route: string, qrId: string, opts: { device?: string; token?: string } = {}) =>
    call(server, brand.domain, 'GET', `/api/verify/${route}/${qrId}`, {
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.device ? { headers: await phoneHeaders(brand.domain, opts.device) } : {}),
    });
  /** A copy's buyer: checks the visible code on their phone, buys, signs in and types the copy's hidden code. */
  const copyBuyer = async (overt: string) => {
    const device = newDeviceId();
    const me = await createTestCustomer(brand.id);
    const seen = await scan('overt', overt, { device, token: me.token });
    expect(seen.status).toBe(200);
    const typed = await scan('covert-post', madeUp(), { device, token: me.token });
    expect(typed.status).toBe(200);
    expect(typed.body.result).toBe('Fake');
    return seen;
  };
  const flags = async () => (await getDb()).select().from(redFlags).where(eq(redFlags.clientId, brand.id));
  return { brand, batch, scan, copyBuyer, flags };
}

it('links made-up hidden codes to the unit checked before them: suspect from more than three independent buyers, with a red flag', async () => {
  const { batch, scan, copyBuyer, flags } = await setup();
  const overt = batch.units[0]!.overt.qrId;
  // One person who mistyped, and then two more: bounded influence keeps three of anyone's say at caution.
  for (let i = 0; i < 3; i++) await copyBuyer(overt);
  const third = await scan('info', overt, { device: newDeviceId() });
  expect(third.body.risk.level).toBe('caution');
  expect(third.body.risk.reasons).toContain('Checked by 3 people who then typed a hidden code that does not exist, as copies of this pack carry: this code may have been copied.');
  expect(await flags()).toEqual([]);
  // The fourth independent copy buyer: corroborated. The flag is raised when their made-up code arrives.
  await copyBuyer(overt);
  const open = await flags();
  expect(open).toHaveLength(1);
  expect(open[0]).toMatchObject({ status: 'open', rules: ['hidden'] });
  const next = await scan('info', overt, { device: newDeviceId() });
  expect(next.body.risk.level).toBe('suspect');
  // The other unit of the batch is untouched.
  expect((await scan('info', batch.units[1]!.overt.qrId, { device: newDeviceId() })).body.risk.level).toBe('none');
});

it('never turns against the customer who claims the unit with its real hidden code, and counts nobody who typed the real one', async () => {
  const { brand, batch, scan, copyBuyer } = await setup();
  const unit = batch.units[0]!;
  for (let i = 0; i < 4; i++) await copyBuyer(unit.overt.qrId);
  // The genuine buyer: the visible code in the shop (its code is copied: suspect, as for any shopper), then the claim.
  const buyer = await createTestCustomer(brand.id);
  const device = newDeviceId();
  expect((await scan('overt', unit.overt.qrId, { device, token: buyer.token })).body.risk.level).toBe('suspect');
  const claimed = await scan('covert-post', unit.covert.qrId, { device, token: buyer.token });
  expect(claimed.body.result).toBe('Genuine Post Sale');
  // At the claim itself, and ever after, the claimant is never told their own pack may be a copy.
  expect(claimed.body.risk.level).not.toBe('suspect');
  expect(claimed.body.risk.reasons).toContain(CLAIMANT_REASON);
  const again = await scan('overt', unit.overt.qrId, { device, token: buyer.token });
  expect(again.body.risk.level).not.toBe('suspect');

  // A household member who first mistyped the real hidden code and then typed it right is no copy buyer.
  const other = await setup();
  const o = other.batch.units[0]!;
  const spouse = await createTestCustomer(other.brand.id);
  const phone = newDeviceId();
  await other.scan('overt', o.overt.qrId, { device: phone, token: spouse.token });
  expect((await other.scan('covert-pre', madeUp(), { device: phone, token: spouse.token })).body.result).toBe('Fake');
  await other.copyBuyer(o.overt.qrId);
  expect((await other.scan('covert-pre', o.covert.qrId, { device: phone, token: spouse.token })).status).toBe(200);
  const after = await other.scan('info', o.overt.qrId, { device: newDeviceId() });
  expect(after.body.risk.reasons.join(' ')).not.toMatch(/typed a hidden code that does not exist/);
});

it('takes nothing from a made-up hidden code typed more than a day after the check', async () => {
  const { brand, batch, scan } = await setup();
  const overt = batch.units[0]!.overt.qrId;
  const start = Date.now();
  try {
    for (let i = 0; i < 4; i++) {
      const device = newDeviceId();
      const me = await createTestCustomer(brand.id);
      setScanClockForSimulation(() => new Date(start));
      await scan('overt', overt, { device, token: me.token });
      setScanClockForSimulation(() => new Date(start + FALSE_HIDDEN_WINDOW_MS + 60_000));
      expect((await scan('covert-post', madeUp(), { device, token: me.token })).body.result).toBe('Fake');
    }
  } finally {
    setScanClockForSimulation(null);
  }
  expect((await scan('info', overt, { device: newDeviceId() })).body.risk.reasons.join(' ')).not.toMatch(/hidden code that does not exist/);
});
