import { digitalLinkPath, gs1CheckDigit, humanReadableLine, isCompressedCandidate, isGs1Text, linkTypeName, normalizeGtin, parseDigitalLinkPath } from '@/lib/domain/gs1';

// GS1 keys and Digital Link paths (lib/domain/gs1.ts, docs/gs1.md).

describe('GTIN', () => {
  it('computes the mod-10 check digit of each GTIN length', () => {
    expect(gs1CheckDigit('950600013435')).toBe(2); // GTIN-13 9506000134352
    expect(gs1CheckDigit('9638507')).toBe(4); // GTIN-8 96385074
    expect(gs1CheckDigit('03600029145')).toBe(2); // GTIN-12 036000291452
  });

  it('reads 8, 12, 13 and 14 digits as 14, and names what is wrong otherwise', () => {
    expect(normalizeGtin('96385074')).toEqual({ ok: true, gtin: '00000096385074' });
    expect(normalizeGtin('036000291452')).toEqual({ ok: true, gtin: '00036000291452' });
    expect(normalizeGtin(' 9506000134352 ')).toEqual({ ok: true, gtin: '09506000134352' });
    expect(normalizeGtin('09506000134352')).toEqual({ ok: true, gtin: '09506000134352' });
    expect(normalizeGtin('09506000134353')).toEqual({ ok: false, problem: 'has a wrong check digit' });
    expect(normalizeGtin('950600013435')).toEqual({ ok: false, problem: 'has a wrong check digit' }); // a GTIN-12 with a bad digit
    expect(normalizeGtin('1234567')).toEqual({ ok: false, problem: 'must be 8, 12, 13 or 14 digits' });
    expect(normalizeGtin('95060001343a2')).toEqual({ ok: false, problem: 'must be digits only' });
  });
});

describe('lot and serial', () => {
  it("take 1 to 20 characters of GS1's set 82", () => {
    for (const ok of ['A', 'L2025-01', "a!\"%&'()*+,-./:;<=>?_", 'x'.repeat(20)]) expect([ok, isGs1Text(ok.slice(0, 20))]).toEqual([ok, true]);
    for (const bad of ['', 'x'.repeat(21), 'a b', 'é', 'a#b', 'a@b', 'a~b']) expect([bad, isGs1Text(bad)]).toEqual([bad, false]);
  });
});

describe('Digital Link paths', () => {
  it('builds the canonical path, percent-encoding what a path segment cannot hold, and the line for people', () => {
    const key = { gtin: '09506000134352', lot: 'L/1', serial: "S'(1)" };
    expect(digitalLinkPath(key)).toBe('/01/09506000134352/10/L%2F1/21/S%27%281%29');
    expect(humanReadableLine(key)).toBe("(01) 09506000134352 (10) L/1 (21) S'(1)");
    expect(digitalLinkPath({ gtin: '09506000134352' })).toBe('/01/09506000134352');
  });

  it('parses the keys back, tolerating a trailing slash and a short GTIN', () => {
    expect(parseDigitalLinkPath('/01/9506000134352/10/L%2F1/21/S%27%281%29/')).toEqual({ ok: true, key: { gtin: '09506000134352', lot: 'L/1', serial: "S'(1)" } });
    expect(parseDigitalLinkPath('/01/09506000134352/21/SN1')).toEqual({ ok: true, key: { gtin: '09506000134352', serial: 'SN1' } });
  });

  it('refuses a malformed path with the reason', () => {
    for (const bad of ['/01', '/01/', '/02/09506000134352', '/01/09506000134353', '/01/09506000134352/10', '/01/09506000134352/10/a/foo', '/01/09506000134352/21/a/10/b', '/01/09506000134352/10/a/10/b', '/01/09506000134352/22/x', '/01/09506000134352/10/%ZZ', '/01/09506000134352/10/a%20b']) {
      const parsed = parseDigitalLinkPath(bad);
      expect([bad, parsed.ok]).toEqual([bad, false]);
    }
  });

  it('knows the GS1 link types by prefix or vocabulary URI, and what may be a compressed URI', () => {
    for (const t of ['gs1:pip', 'https://gs1.org/voc/pip', 'https://ref.gs1.org/voc/pip', 'http://gs1.org/voc/pip']) expect(linkTypeName(t)).toBe('pip');
    expect(linkTypeName('schema:pip')).toBeUndefined();
    expect(isCompressedCandidate('/CxFKk4XBoNhf3Honm2wvQXRC4oszjbbF17G-A4-DdQA')).toBe(true);
    expect(isCompressedCandidate('/info')).toBe(false);
    expect(isCompressedCandidate('/info/verify/abc')).toBe(false);
  });
});
