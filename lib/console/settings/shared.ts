import 'server-only';
import type { StoredClientConfig } from '@/lib/schemas/client-config';

/** A secret as staff and the audit log see it: its last 4 characters only. */
export const maskSecret = (secret: string) => `${'*'.repeat(16)}${secret.slice(-4)}`;

/** The configuration as staff and the audit log see it: the WhatsApp secrets (token, app secret, verify token) masked. */
export function withoutSecrets(config: StoredClientConfig): StoredClientConfig {
  const wa = config.messaging.whatsapp;
  if (!wa) return config;
  const masked = { ...wa, token: maskSecret(wa.token), appSecret: wa.appSecret === null ? null : maskSecret(wa.appSecret), verifyToken: wa.verifyToken === null ? null : maskSecret(wa.verifyToken) };
  return { ...config, messaging: { ...config.messaging, whatsapp: masked } };
}
