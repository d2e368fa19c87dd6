import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { env, resetEnvCache } from '@/lib/edge/env';

// Secrets that are generated into DATA_DIR on first start when the environment does not set
// them. Files are created with mode 0600 and never overwritten.

const inMemory = new Map<string, string>();

function readOrCreate(file: string, bytes: number): string {
  if (env().DATA_DIR === ':memory:') {
    // No data folder (tests): the secret lives as long as the process.
    if (!inMemory.has(file)) inMemory.set(file, randomBytes(bytes).toString('base64url'));
    return inMemory.get(file)!;
  }
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const value = randomBytes(bytes).toString('base64url');
  try {
    writeFileSync(file, value + '\n', { mode: 0o600, flag: 'wx' });
    return value;
  } catch {
    return readFileSync(file, 'utf8').trim(); // another process created it first
  }
}

export function ensureSessionSecret(): string {
  const e = env();
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  const secret = readOrCreate(path.join(path.resolve(e.DATA_DIR), 'session-secret'), 48);
  process.env.SESSION_SECRET = secret;
  resetEnvCache();
  return secret;
}

/** Key that guards the operator endpoint used by `npm run brand` while the server runs. */
export function operatorKey(): string {
  return readOrCreate(path.join(path.resolve(env().DATA_DIR), 'operator-key'), 32);
}
