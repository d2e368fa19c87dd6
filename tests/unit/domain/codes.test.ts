import { formatAuthCode, normalizeAuthCode } from '@/lib/domain/auth-code';
import { isWellFormedQrId, originOf, printedRouteOf, verifyUrlOf } from '@/lib/domain/qr-id';

describe('normalizeAuthCode', () => {
  it('accepts a typed code in any case, with spaces or a dash', () => {
    expect(normalizeAuthCode('abcde-fgh12')).toBe('ABCDEFGH12');
    expect(normalizeAuthCode(' abcde fgh12 ')).toBe('ABCDEFGH12');
  });
  it('reads O as 0 and I or L as 1', () => {
    expect(normalizeAuthCode('OOOOO-IIlll')).toBe('0000011111');
  });
  it('refuses a code of the wrong length or with a character that is never printed', () => {
    expect(normalizeAuthCode('ABCDE')).toBeUndefined();
    expect(normalizeAuthCode('ABCDEFGHU2')).toBeUndefined(); // U is not in the alphabet
    expect(normalizeAuthCode('ABCDE!GH12')).toBeUndefined();
    expect(normalizeAuthCode('A'.repeat(50))).toBeUndefined();
  });
  it('prints codes in two groups of five', () => {
    expect(formatAuthCode('ABCDEFGH12')).toBe('ABCDE-FGH12');
  });
});

describe('isWellFormedQrId', () => {
  it('accepts base62 ids up to 64 characters', () => {
    expect(isWellFormedQrId('aZ09aZ09aZ09aZ09a')).toBe(true);
    expect(isWellFormedQrId('x'.repeat(64))).toBe(true);
  });
  it('refuses other characters, percent junk, empty and over-long ids', () => {
    for (const bad of ['', 'x'.repeat(65), 'abc-def', 'abc%20def', 'abc def', '../etc', 'abc\u0000']) expect(isWellFormedQrId(bad)).toBe(false);
  });
});

describe('verifyUrlOf', () => {
  it('points each level at its page, on http with the port for local hosts and https elsewhere', () => {
    const local = originOf('localhost', 3000);
    expect(local).toBe('http://localhost:3000');
    expect(originOf('shop.example.com', 3000)).toBe('https://shop.example.com');
    // the visible code opens the anonymous verdict a shopper can read without an account
    expect(verifyUrlOf(local, { qrId: 'A', level: 6, isBatchLevel: false })).toBe('http://localhost:3000/info/verify/A');
    expect(verifyUrlOf(local, { qrId: 'A', level: 7, isBatchLevel: false })).toBe('http://localhost:3000/covert/post/verify/A');
    expect(verifyUrlOf(local, { qrId: 'A', level: 8, isBatchLevel: false })).toBe('http://localhost:3000/tert/verify/A');
    expect(verifyUrlOf(local, { qrId: 'A', level: 9, isBatchLevel: false })).toBe('http://localhost:3000/quat/verify/A');
    expect(printedRouteOf(6, true)).toBe('info');
  });

  it("prints the overt code on the signed-in route only for a brand that chose 'overt'; the other levels never move", () => {
    const origin = originOf('shop.example.com', 3000);
    expect(verifyUrlOf(origin, { qrId: 'A', level: 6, isBatchLevel: false }, 'overt')).toBe('https://shop.example.com/overt/verify/A');
    expect(verifyUrlOf(origin, { qrId: 'A', level: 6, isBatchLevel: false }, 'info')).toBe('https://shop.example.com/info/verify/A');
    expect(printedRouteOf(6, true, 'overt')).toBe('info'); // batch-level codes carry batch details only
    for (const route of ['info', 'overt'] as const) {
      expect(printedRouteOf(7, false, route)).toBe('covert-post');
      expect(printedRouteOf(8, false, route)).toBe('tert');
      expect(printedRouteOf(9, false, route)).toBe('quat');
    }
  });
});
