import { generateKeyPairSync } from 'node:crypto';
import digitalLink from 'digital-link.js';
import { signGs1Key, verifyGs1Signature } from '@/lib/console/gs1-signature';
import { digitalLinkUri, GS1_SIGNATURE_LENGTH, isGs1SignatureValue, signedMessageOf } from '@/lib/domain/gs1';

// The signature on a brand's printed GS1 URIs (AI 8030, docs/gs1.md "Signed URIs"): Ed25519 over
// the unit's canonical key path, 86 base64url characters, refused when anything differs.

const brandA = generateKeyPairSync('ed25519');
const brandB = generateKeyPairSync('ed25519');
const key = { gtin: '09506000134352', lot: 'LOT-1', serial: 'SN/0001' };

/** The same character set (base64url), one character changed at `at`. */
const tamper = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('GS1 URI signatures (AI 8030)', () => {
  const signature = signGs1Key(brandA.privateKey, key);

  it('signs the canonical key path into 86 characters of AI 8030\'s set 64, which verify', () => {
    expect(signature).toHaveLength(GS1_SIGNATURE_LENGTH);
    expect(isGs1SignatureValue(signature)).toBe(true);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(signedMessageOf(key)).toBe('/01/09506000134352/10/LOT-1/21/SN%2F0001');
    expect(verifyGs1Signature(brandA.publicKey, key, signature)).toBe(true);
  });

  it('refuses a signature with any one character changed (the last one\'s spare bits too)', () => {
    for (const at of [0, 1, 42, 84, 85]) expect(verifyGs1Signature(brandA.publicKey, key, tamper(signature, at))).toBe(false);
  });

  it('refuses another brand\'s key, another unit, a missing, padded, short or foreign value, without throwing', () => {
    expect(verifyGs1Signature(brandB.publicKey, key, signature)).toBe(false);
    expect(verifyGs1Signature(brandA.publicKey, key, signGs1Key(brandB.privateKey, key))).toBe(false);
    expect(verifyGs1Signature(brandA.publicKey, { ...key, serial: 'SN/0002' }, signature)).toBe(false);
    expect(verifyGs1Signature(brandA.publicKey, { ...key, lot: 'LOT-2' }, signature)).toBe(false);
    expect(verifyGs1Signature(brandA.publicKey, { gtin: '00000096385074', lot: 'LOT-1', serial: 'SN/0001' }, signature)).toBe(false);
    for (const bad of [undefined, null, '', `${signature}==`, signature.slice(0, 85), signature + 'A', 'é'.repeat(86), '+'.repeat(86)]) {
      expect(verifyGs1Signature(brandA.publicKey, key, bad)).toBe(false);
    }
  });

  it('puts the signature in the query string, and the URI without it is a valid Digital Link', () => {
    const uri = digitalLinkUri('https://brand.example', key, signature);
    expect(uri).toBe(`https://brand.example/01/09506000134352/10/LOT-1/21/SN%2F0001?8030=${signature}`);
    const url = new URL(uri);
    expect(url.searchParams.get('8030')).toBe(signature);
    // digital-link.js (grammar 1.4) predates AI 8030: the key part is checked by it, the attribute by AI 8030's own format
    expect(digitalLink.DigitalLink(`${url.origin}${url.pathname}`).isValid()).toBe(true);
  });
});
