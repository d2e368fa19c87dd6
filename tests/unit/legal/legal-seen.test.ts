import { legalSeenCookie, parseLegalSeen, serializeLegalSeen, unseenPolicies } from '@/lib/shared/legal-seen';

// The cookie that tells the server which current legal documents this browser has seen accepted
// (lib/shared/legal-seen.ts), so the first HTML carries the banner only for those who need it.

describe('parseLegalSeen', () => {
  it.each<[string | undefined | null, string[]]>([
    ['doc_a.doc_b', ['doc_a', 'doc_b']],
    ['doc_a', ['doc_a']],
    ['', []],
    [undefined, []],
    [null, []],
    // Tampered or malformed: nothing is taken as seen.
    ['doc_a.<script>', []],
    ['doc_a..doc_b', []],
    ['a.b.c.d', []],
    ['x'.repeat(65), []],
    ['doc a', []],
  ])('%j names %j', (raw, ids) => {
    expect([...parseLegalSeen(raw)].sort()).toEqual(ids);
  });
});

describe('serializeLegalSeen', () => {
  it('writes what the parser reads back, sorted, without duplicates or refused ids', () => {
    const value = serializeLegalSeen(['doc_b', 'doc_a', 'doc_b', 'bad id']);
    expect(value).toBe('doc_a.doc_b');
    expect([...parseLegalSeen(value)]).toEqual(['doc_a', 'doc_b']);
    expect(serializeLegalSeen([])).toBe('');
  });
});

describe('unseenPolicies', () => {
  const current = [
    { documentType: 'Privacy Policy' as const, documentId: 'doc_p2' },
    { documentType: 'Terms & Conditions' as const, documentId: 'doc_t1' },
  ];
  it("lists, in the banner's order, the current documents not seen accepted", () => {
    expect(unseenPolicies(current, new Set())).toEqual(['Terms & Conditions', 'Privacy Policy']);
    expect(unseenPolicies(current, new Set(['doc_t1']))).toEqual(['Privacy Policy']);
    expect(unseenPolicies(current, new Set(['doc_t1', 'doc_p2']))).toEqual([]);
  });
  it('asks again for a new version (an older id accepted is not the current one)', () => {
    expect(unseenPolicies(current, new Set(['doc_t1', 'doc_p1']))).toEqual(['Privacy Policy']);
  });
  it('has nothing to ask of a brand with no documents', () => {
    expect(unseenPolicies([], new Set())).toEqual([]);
  });
});

describe('legalSeenCookie', () => {
  it('is a year, the whole site, Lax; Secure under the name the server gave over HTTPS', () => {
    expect(legalSeenCookie(['doc_a'], { name: 'bv_legal_seen', secure: false })).toBe('bv_legal_seen=doc_a; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(legalSeenCookie(['doc_a'], { name: '__Host-bv_legal_seen', secure: true })).toBe('__Host-bv_legal_seen=doc_a; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});
