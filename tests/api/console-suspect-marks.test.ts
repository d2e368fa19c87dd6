import { and, eq } from 'drizzle-orm';
import { apiServerForFile, call, createTestBrand } from '../support/api-server';
import { as, claimedUnit, signedInCustomer, type TestCustomer } from '../support/aftersales';
import { signedInStaff, type SignedInStaff } from '../support/console';
import { insertRedFlag } from '../support/console-support';
import { phoneHeaders, SIX_CITIES } from '../support/devices';
import { getDb } from '@/lib/db/client';
import { auditLog, codes, redFlags, unitSuspectMarks } from '@/lib/db/schema';
import { newDeviceId } from '@/lib/edge/device-id';
import { BRAND_MARKED_REASON, CLAIMANT_REASON } from '@/lib/domain/risk';
import type { StaffRole } from '@/lib/domain/staff-roles';

// A brand's own decision on a unit (docs/verification.md, "The brand's decision"): marking it
// suspect and clearing the mark from the console, over HTTP: who may, bad input, another brand's
// code, the audit, the red flag it opens or joins, and what shoppers and the claimant are told.

const server = apiServerForFile({ env: { TRUST_PROXY: '1' } });
jest.setTimeout(60_000);

type Brand = Awaited<ReturnType<typeof createTestBrand>>;

async function setup(autoBlacklist = false) {
  const brand = await createTestBrand({ flags: { isRedFlaggingEnabled: true }, verification: { risk: { autoBlacklist } } });
  const alice = await signedInCustomer(brand.id);
  const unit = await claimedUnit(brand.id, alice.customerId);
  const db = await getDb();
  const unitCodes = await db.select().from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, unit.unitId)));
  const overt = unitCodes.find((c) => c.level === 6)!;
  const covert = unitCodes.find((c) => c.level === 7)!;
  const staff: Partial<Record<StaffRole, SignedInStaff>> = {};
  for (const role of ['owner', 'manager', 'support', 'finance', 'analyst'] as const) staff[role] = await signedInStaff(server, { clientId: brand.id, role });
  return { brand, alice, unit, overt, covert, staff: staff as Record<StaffRole, SignedInStaff> };
}

const path = (brand: Brand, qrId: string, clear = false) => `/api/console/brands/${brand.slug}/codes/${qrId}/suspect${clear ? '/clear' : ''}`;
const stranger = async (brand: Brand, qrId: string) => call(server, brand.domain, 'GET', `/api/verify/info/${qrId}`, { headers: await phoneHeaders(brand.domain, newDeviceId()) });
const claimantCheck = (brand: Brand, alice: TestCustomer, qrId: string) => as(server, brand.domain, alice)('GET', `/api/verify/overt/${qrId}`);
async function auditOf(clientId: string, action: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.clientId, clientId), eq(auditLog.action, action)));
}
async function flagsOf(clientId: string, unitKey: string) {
  const db = await getDb();
  return db.select().from(redFlags).where(and(eq(redFlags.clientId, clientId), eq(redFlags.unitKey, unitKey)));
}

describe('marking a unit suspect', () => {
  it('is refused (403) to the analyst and finance, who may not act on red flags; nothing is written', async () => {
    const { brand, overt, staff, unit } = await setup();
    for (const role of ['analyst', 'finance'] as const) {
      const res = await staff[role].fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'Copies in Delhi' } });
      expect([role, res.status]).toEqual([role, 403]);
      const clear = await staff[role].fetch(path(brand, overt.qrId, true), { method: 'POST', body: { reason: 'Not copies' } });
      expect([role, clear.status]).toEqual([role, 403]);
    }
    const db = await getDb();
    expect(await db.select().from(unitSuspectMarks).where(eq(unitSuspectMarks.clientId, brand.id))).toEqual([]);
    expect(await flagsOf(brand.id, unit.unitId)).toEqual([]);
    // Without the CSRF proof, refused too.
    const noCsrf = await staff.owner.fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'x' }, headers: { 'x-csrf': '' } });
    expect(noCsrf.status).toBe(403);
  });

  it('answers a missing, blank or too long reason with 422 on reason, and a code that is not a pack\'s with 422 on qrId', async () => {
    const { brand, overt, staff } = await setup();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await staff.manager.fetch(path(brand, overt.qrId), { method: 'POST', body });
      expect([res.status, res.body.field]).toEqual([422, 'reason']);
      expect(res.body.errorMessage).toMatch(/^reason: /);
    }
    const clear = await staff.manager.fetch(path(brand, overt.qrId, true), { method: 'POST', body: {} });
    expect([clear.status, clear.body.field]).toEqual([422, 'reason']);
    const bad = await staff.manager.fetch(path(brand, 'bad%2Bid'), { method: 'POST', body: { reason: 'x' } });
    expect([bad.status, bad.body.field]).toEqual([422, 'qrId']);
    const db = await getDb();
    expect(await db.select().from(unitSuspectMarks).where(eq(unitSuspectMarks.clientId, brand.id))).toEqual([]);
  });

  it('answers 404 for another brand\'s code, and for another brand\'s staff', async () => {
    const { brand, staff } = await setup();
    const other = await setup();
    const theirs = await staff.owner.fetch(path(brand, other.overt.qrId), { method: 'POST', body: { reason: 'x' } });
    expect(theirs.status).toBe(404);
    const outsider = await other.staff.owner.fetch(path(brand, other.overt.qrId), { method: 'POST', body: { reason: 'x' } });
    expect(outsider.status).toBe(404);
    const db = await getDb();
    expect(await db.select().from(unitSuspectMarks).where(eq(unitSuspectMarks.clientId, other.brand.id))).toEqual([]);
  });

  it('makes the unit suspect for a stranger, tells its claimant only that copies circulate, opens a red flag; cleared, both are back to what the checks say', async () => {
    const { brand, alice, unit, overt, covert, staff } = await setup();
    expect((await stranger(brand, overt.qrId)).body.risk.level).toBe('none');

    const marked = await staff.support.fetch(path(brand, covert.qrId), { method: 'POST', body: { reason: '  Copies found in a Delhi market  ' } });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ qrId: covert.qrId, marked: true, changed: true, mark: { reason: 'Copies found in a Delhi market', markedBy: staff.support.email, clearedAt: '' } });
    expect(marked.body.redFlag).toMatchObject({ status: 'open', rules: ['brand'] });

    // The mark is the unit's: its visible code answers suspect too.
    const seen = await stranger(brand, overt.qrId);
    expect(seen.body.risk.level).toBe('suspect');
    expect(seen.body.risk.reasons).toContain(BRAND_MARKED_REASON);
    expect(seen.body.risk.reasons.join(' ')).not.toContain('Delhi market'); // staff words stay in the console
    expect(seen.body.evidence.reference).toEqual(expect.any(String));
    const own = await claimantCheck(brand, alice, overt.qrId);
    expect(own.status).toBe(200);
    expect(own.body.risk.level).toBe('caution');
    expect(own.body.risk.reasons).toContain(CLAIMANT_REASON);
    expect(own.body.risk.reasons).not.toContain(BRAND_MARKED_REASON);
    const [flag] = await flagsOf(brand.id, unit.unitId);
    expect(flag).toMatchObject({ status: 'open', rules: ['brand'], blacklisted: false });

    // Audited: who, when, why.
    const [entry] = await auditOf(brand.id, 'code.suspect.mark');
    expect(entry).toMatchObject({ actor: staff.support.email, target: covert.qrId, after: { marked: true, reason: 'Copies found in a Delhi market', redFlag: flag!.id } });

    const cleared = await staff.manager.fetch(path(brand, overt.qrId, true), { method: 'POST', body: { reason: 'The market packs were genuine stock' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ marked: false, changed: true, mark: { clearReason: 'The market packs were genuine stock', clearedBy: staff.manager.email }, redFlag: { id: flag!.id, status: 'dismissed' } });
    const after = await stranger(brand, overt.qrId);
    expect(after.body.risk.level).toBe('none');
    expect(after.body.risk.reasons).not.toContain(BRAND_MARKED_REASON);
    expect((await claimantCheck(brand, alice, overt.qrId)).body.risk.level).toBe('none');
    expect((await flagsOf(brand.id, unit.unitId))[0]).toMatchObject({ status: 'dismissed' });
    const [clearEntry] = await auditOf(brand.id, 'code.suspect.clear');
    expect(clearEntry).toMatchObject({ actor: staff.manager.email, target: overt.qrId, after: { marked: false, reason: 'The market packs were genuine stock' } });
    expect(await auditOf(brand.id, 'redFlag.dismiss')).toHaveLength(1);

    // The code's page shows the mark and its clearing.
    const page = await staff.analyst.fetch(`/api/console/brands/${brand.slug}/codes/${overt.qrId}`);
    expect(page.body.suspectMarks).toEqual([
      expect.objectContaining({ reason: 'Copies found in a Delhi market', markedBy: staff.support.email, clearReason: 'The market packs were genuine stock', clearedBy: staff.manager.email }),
    ]);
  });

  it('marking a marked unit, or clearing an unmarked one, changes nothing and writes no entry', async () => {
    const { brand, unit, overt, staff } = await setup();
    const none = await staff.owner.fetch(path(brand, overt.qrId, true), { method: 'POST', body: { reason: 'nothing to clear' } });
    expect([none.status, none.body.changed, none.body.marked]).toEqual([200, false, false]);
    const first = await staff.owner.fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'first' } });
    const again = await staff.manager.fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'second' } });
    expect([again.status, again.body.changed, again.body.marked]).toEqual([200, false, true]);
    expect(again.body.mark).toEqual(first.body.mark);
    expect(again.body.redFlag).toEqual(first.body.redFlag);
    const db = await getDb();
    expect(await db.select().from(unitSuspectMarks).where(eq(unitSuspectMarks.clientId, brand.id))).toHaveLength(1);
    expect(await auditOf(brand.id, 'code.suspect.mark')).toHaveLength(1);
    expect(await auditOf(brand.id, 'code.suspect.clear')).toHaveLength(0);
    expect(await flagsOf(brand.id, unit.unitId)).toHaveLength(1);
  });

  it('joins a red flag the checks opened, and clearing leaves it open on their evidence', async () => {
    const { brand, unit, overt, staff } = await setup();
    const flagId = await insertRedFlag(brand.id, { unitKey: unit.unitId, codeId: overt.id, productId: unit.productId, rules: ['places'] });
    const marked = await staff.owner.fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'Confirmed with the distributor' } });
    expect(marked.body.redFlag).toEqual({ id: flagId, status: 'open', rules: ['places', 'brand'] });
    const cleared = await staff.owner.fetch(path(brand, overt.qrId, true), { method: 'POST', body: { reason: 'Distributor was wrong' } });
    expect(cleared.body.redFlag).toEqual({ id: flagId, status: 'open', rules: ['places'] });
    const flags = await flagsOf(brand.id, unit.unitId);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ status: 'open', rules: ['places'] });
  });

  it('the checks\' evidence arriving while the unit is marked joins the mark\'s flag, which clearing then leaves open on that evidence', async () => {
    const { brand, unit, overt, staff } = await setup();
    const marked = await staff.owner.fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'Copies reported by a retailer' } });
    expect(marked.body.redFlag.rules).toEqual(['brand']);
    // Unrelated phones in six cities: suspicion of the checks' own, corroborated.
    for (const q of SIX_CITIES) {
      const res = await call(server, brand.domain, 'GET', `/api/verify/info/${overt.qrId}${q}`, { headers: await phoneHeaders(brand.domain, newDeviceId()) });
      expect(res.body.risk.level).toBe('suspect');
    }
    const [joined] = await flagsOf(brand.id, unit.unitId);
    const evidence = joined!.rules.filter((r) => r !== 'brand');
    expect(joined!.rules).toContain('brand');
    expect(evidence.length).toBeGreaterThan(0); // places or travel, as the checks found
    expect(evidence.every((r) => ['places', 'travel'].includes(r))).toBe(true);
    await staff.owner.fetch(path(brand, overt.qrId, true), { method: 'POST', body: { reason: 'Retailer withdrew the report' } });
    const flags = await flagsOf(brand.id, unit.unitId);
    expect(flags).toHaveLength(1);
    expect(flags[0]!.status).toBe('open');
    expect(flags[0]!.rules).toEqual(evidence);
    expect((await stranger(brand, overt.qrId)).body.risk.level).toBe('suspect');
  });

  it('with automatic blacklisting, blacklists the unit\'s codes as corroborated suspicion does; clearing lifts it', async () => {
    const { brand, unit, overt, staff } = await setup(true);
    const db = await getDb();
    const states = async () => (await db.select({ s: codes.listStatus }).from(codes).where(and(eq(codes.clientId, brand.id), eq(codes.pairId, unit.unitId)))).map((r) => r.s);
    await staff.manager.fetch(path(brand, overt.qrId), { method: 'POST', body: { reason: 'Copies everywhere' } });
    expect(await states()).toEqual(['Blacklisted', 'Blacklisted']);
    expect((await stranger(brand, overt.qrId)).body.result).toBe('Fake');
    await staff.manager.fetch(path(brand, overt.qrId, true), { method: 'POST', body: { reason: 'A mistake' } });
    expect(await states()).toEqual(['Whitelisted', 'Whitelisted']);
    const back = await stranger(brand, overt.qrId);
    expect([back.body.result, back.body.risk.level]).toEqual(['Info', 'none']);
  });
});

// Requests at once (as two staff on the same code page, or on the pages of its visible and its
// hidden code): the mark in force is one row of a partial unique index (one open mark per unit),
// inserted with ON CONFLICT DO NOTHING, and each change locks the code it came through. Whatever
// order the database takes them in, the unit ends with at most one mark in force, each answer that
// says `changed` has its audit entry and no other answer has one, and the brand's red flag is open
// exactly while a mark is in force.
describe('marks and clearings sent at once', () => {
  type Setup = Awaited<ReturnType<typeof setup>>;
  type Res = Awaited<ReturnType<SignedInStaff['fetch']>>;

  /** A further claimed unit of the brand, with its visible and hidden codes. */
  async function anotherUnit(s: Setup) {
    const unit = await claimedUnit(s.brand.id, s.alice.customerId);
    const db = await getDb();
    const unitCodes = await db.select().from(codes).where(and(eq(codes.clientId, s.brand.id), eq(codes.pairId, unit.unitId)));
    return { unit, overt: unitCodes.find((c) => c.level === 6)!, covert: unitCodes.find((c) => c.level === 7)! };
  }

  /** What the unit holds now: its marks in force, its audit entries by action, its open red flags with the brand's rule. */
  async function unitState(brand: Brand, unitKey: string, qrIds: string[]) {
    const db = await getDb();
    const marks = await db.select().from(unitSuspectMarks).where(and(eq(unitSuspectMarks.clientId, brand.id), eq(unitSuspectMarks.unitKey, unitKey)));
    const entries = (await db.select().from(auditLog).where(eq(auditLog.clientId, brand.id))).filter((e) => qrIds.includes(e.target));
    const flags = await flagsOf(brand.id, unitKey);
    return {
      inForce: marks.filter((m) => m.clearedAt === null),
      marks: entries.filter((e) => e.action === 'code.suspect.mark').length,
      clears: entries.filter((e) => e.action === 'code.suspect.clear').length,
      brandFlagsOpen: flags.filter((f) => f.status === 'open' && f.rules.includes('brand')).length,
    };
  }

  const changed = (res: Res) => {
    expect(res.status).toBe(200);
    return res.body.changed as boolean;
  };

  it('two marks of one unit at once, through one code or through its visible and hidden codes: one mark in force, one entry, one red flag', async () => {
    const s = await setup();
    for (const through of ['one code', 'both codes'] as const) {
      const { unit, overt, covert } = await anotherUnit(s);
      const [a, b] = await Promise.all([
        s.staff.owner.fetch(path(s.brand, overt.qrId), { method: 'POST', body: { reason: 'Copies in Delhi' } }),
        s.staff.manager.fetch(path(s.brand, (through === 'one code' ? overt : covert).qrId), { method: 'POST', body: { reason: 'Copies in Pune' } }),
      ]);
      expect([through, [changed(a), changed(b)].filter(Boolean).length]).toEqual([through, 1]);
      const state = await unitState(s.brand, unit.unitId, [overt.qrId, covert.qrId]);
      expect([through, state.inForce.length, state.marks, state.clears, state.brandFlagsOpen]).toEqual([through, 1, 1, 0, 1]);
      // Both answers name the mark in force, the one that changed nothing too.
      expect([a.body.mark.id, b.body.mark.id]).toEqual([state.inForce[0]!.id, state.inForce[0]!.id]);
      expect(a.body.marked && b.body.marked).toBe(true);
    }
  });

  it('a mark and a clearing at once, on an unmarked and on a marked unit: whichever goes first, the mark in force, the entries and the red flag agree', async () => {
    const s = await setup();
    for (const before of ['unmarked', 'marked'] as const) {
      for (const through of ['one code', 'both codes'] as const) {
        const { unit, overt, covert } = await anotherUnit(s);
        const qrIds = [overt.qrId, covert.qrId];
        if (before === 'marked') expect(changed(await s.staff.owner.fetch(path(s.brand, overt.qrId), { method: 'POST', body: { reason: 'Copies in Delhi' } }))).toBe(true);
        const [mark, clear] = await Promise.all([
          s.staff.support.fetch(path(s.brand, overt.qrId), { method: 'POST', body: { reason: 'Copies in Pune' } }),
          s.staff.manager.fetch(path(s.brand, (through === 'one code' ? overt : covert).qrId, true), { method: 'POST', body: { reason: 'Genuine stock' } }),
        ]);
        const [marked, cleared] = [changed(mark), changed(clear)];
        const state = await unitState(s.brand, unit.unitId, qrIds);
        const label = `${before}, through ${through}`;
        const earlier = before === 'marked' ? 1 : 0;
        // Each answer that changed something wrote its entry; the others wrote none.
        expect([label, state.marks, state.clears]).toEqual([label, earlier + (marked ? 1 : 0), cleared ? 1 : 0]);
        // Marked before: the clearing always finds a mark (the earlier one, or the new one after it);
        // a new mark only when the clearing went first. Unmarked: the clearing finds one only after the mark.
        if (before === 'marked') expect([label, cleared]).toEqual([label, true]);
        else if (cleared) expect([label, marked]).toEqual([label, true]);
        const expectedInForce = before === 'marked' ? (marked ? 1 : 0) : marked && !cleared ? 1 : 0;
        expect([label, state.inForce.length, state.brandFlagsOpen]).toEqual([label, expectedInForce, expectedInForce]);
      }
    }
  });
});
