import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { env } from '@/lib/edge/env';
import { ApiError } from '@/lib/errors';
import type { AppEnv } from '../context';

// The signature of a delivery receipt (docs/messages.md "Delivery receipts"), checked before the
// body is parsed: HMAC-SHA256 of the raw body, hex, as `sha256=<hex>`. WhatsApp signs with the
// brand's app secret in X-Hub-Signature-256; the SMS gateway with SMS_HTTP_TOKEN in
// X-Signature-256. Compared in constant time; missing, malformed or wrong is 401, and so is a
// brand (or server) without the secret: nobody can post receipts there.

export type ReceiptSigner = 'whatsapp' | 'sms-gateway';

export const SIGNATURE_HEADERS: Record<ReceiptSigner, string> = { whatsapp: 'x-hub-signature-256', 'sms-gateway': 'x-signature-256' };

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function signatureMatches(secret: string, body: string, header: string | undefined): boolean {
  if (!header || !/^sha256=[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = Buffer.from(signBody(secret, body).slice(7), 'hex');
  const given = Buffer.from(header.slice(7), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function requireReceiptSignature(signer: ReceiptSigner): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = signer === 'whatsapp' ? brandConfigOf(c.var.client).messaging.whatsapp?.appSecret : env().SMS_HTTP_TOKEN;
    // The raw body, as the request guards read it (jsonTextGuard); the JSON parse reads the same text.
    const body = c.req.raw.body ? await c.req.text() : '';
    if (!secret || !signatureMatches(secret, body, c.req.header(SIGNATURE_HEADERS[signer]))) {
      throw new ApiError('unauthorized', `The request is not signed with this brand's ${signer === 'whatsapp' ? 'WhatsApp app secret' : 'SMS gateway token'} (${SIGNATURE_HEADERS[signer]})`);
    }
    await next();
  };
}
