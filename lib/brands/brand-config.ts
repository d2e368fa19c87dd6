import 'server-only';
import { storedClientConfigSchema, type StoredClientConfig } from '@/lib/schemas/client-config';

// A brand's stored configuration with every default applied, parsed once per brand row: the row
// is cached for CLIENT_CACHE_MS (find-client.ts), so every call of a request (and of the requests
// that share the cached row) reads the same parsed object. Callers treat it as read-only.

const parsed = new WeakMap<object, StoredClientConfig>();

export function brandConfigOf(client: { config: unknown }): StoredClientConfig {
  const raw = client.config;
  if (raw === null || typeof raw !== 'object') return storedClientConfigSchema.parse(raw ?? {});
  let config = parsed.get(raw);
  if (!config) {
    config = storedClientConfigSchema.parse(raw);
    parsed.set(raw, config);
  }
  return config;
}
