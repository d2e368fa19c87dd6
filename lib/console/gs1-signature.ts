import 'server-only';
import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { gs1SigningKeys } from '@/lib/db/schema';
import { derivedKey } from '@/lib/auth/keys';
import { GS1_SIGNATURE_LENGTH, isGs1SignatureValue, signedMessageOf, type DigitalLinkKey } from '@/lib/domain/gs1';

// The per-brand signature on printed GS1 URIs (AI 8030, docs/gs1.md "Signed URIs"). A brand with
// `gs1.signUris` on signs each unit's canonical key path (signedMessageOf) with its own Ed25519
// key: 64 bytes, 86 base64url characters, within AI 8030's 90 characters of set 64. The pair is
// made on first use (printing, a check, the published key), once per brand: the table's primary
// key settles a race. The public key is published at the brand's /.well-known/gs1-signing-key as
// a JWK, so anyone can verify a label; the private key is stored sealed (AES-256-GCM under a key
// derived from the session secret, as the console's TOTP secrets) and never leaves the server.

export type Gs1SigningKey = {
  /** The 32 raw bytes of the Ed25519 public key, base64url (a JWK's `x`). */
  publicKey: string;
  publicKeyObject: KeyObject;
  /** Opens the private key when asked (printing only). */
  privateKey: () => KeyObject;
};

function seal(der: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey('gs1-signing'), iv);
  const data = Buffer.concat([cipher.update(der), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

function open(stored: string): Buffer {
  const parts = stored.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('GS1 signing key: unknown sealed form');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey('gs1-signing'), Buffer.from(parts[1]!, 'base64url'));
  decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]);
}

function publicKeyObjectOf(x: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
}

function keyOf(row: { publicKey: string; privateKeySealed: string }): Gs1SigningKey {
  return {
    publicKey: row.publicKey,
    publicKeyObject: publicKeyObjectOf(row.publicKey),
    privateKey: () => createPrivateKey({ key: open(row.privateKeySealed), format: 'der', type: 'pkcs8' }),
  };
}

/** The brand's key pair, if it has one yet. */
export async function findGs1SigningKey(clientId: string): Promise<Gs1SigningKey | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(gs1SigningKeys).where(eq(gs1SigningKeys.clientId, clientId));
  return row ? keyOf(row) : undefined;
}

/** The brand's key pair, made now when it has none (a concurrent maker's pair wins, and both read it back). */
export async function ensureGs1SigningKey(clientId: string): Promise<Gs1SigningKey> {
  const found = await findGs1SigningKey(clientId);
  if (found) return found;
  const pair = generateKeyPairSync('ed25519');
  const x = pair.publicKey.export({ format: 'jwk' }).x!;
  const db = await getDb();
  await db
    .insert(gs1SigningKeys)
    .values({ clientId, publicKey: x, privateKeySealed: seal(pair.privateKey.export({ format: 'der', type: 'pkcs8' })) })
    .onConflictDoNothing();
  return (await findGs1SigningKey(clientId))!;
}

/** A unit key's AI 8030 value: the Ed25519 signature of its canonical path, base64url without padding (86 characters). */
export function signGs1Key(privateKey: KeyObject, key: DigitalLinkKey): string {
  return sign(null, Buffer.from(signedMessageOf(key), 'utf8'), privateKey).toString('base64url');
}

/** Whether `signature` (an AI 8030 value as read from a URI) is the brand key's signature of the unit key. Never throws. */
export function verifyGs1Signature(publicKey: KeyObject, key: DigitalLinkKey, signature: string | undefined | null): boolean {
  if (!signature || !isGs1SignatureValue(signature) || signature.length !== GS1_SIGNATURE_LENGTH) return false;
  const bytes = Buffer.from(signature, 'base64url');
  // Only the canonical spelling: the last character's spare bits could otherwise be changed freely.
  if (bytes.length !== 64 || bytes.toString('base64url') !== signature) return false;
  try {
    return verify(null, Buffer.from(signedMessageOf(key), 'utf8'), publicKey, bytes);
  } catch {
    return false;
  }
}

/** The public key as the brand publishes it (RFC 8037 JWK). */
export function publicJwkOf(key: Gs1SigningKey): { kty: 'OKP'; crv: 'Ed25519'; x: string; alg: 'EdDSA'; use: 'sig' } {
  return { kty: 'OKP', crv: 'Ed25519', x: key.publicKey, alg: 'EdDSA', use: 'sig' };
}
