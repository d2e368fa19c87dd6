import { z } from 'zod';

// The one place that reads process.env (DESIGN.md section 7). Empty strings count as missing.
// This module is also imported by middleware.ts (Edge), so it does no file I/O: the
// SESSION_SECRET generated into DATA_DIR is put into the environment by the launcher
// (scripts/start.mjs) or by `ensureSessionSecret()` in lib/server/secrets.ts.

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  PORT: optional(z.coerce.number().int().min(1).max(65535)).default(3000),
  DATA_DIR: optional(z.string()).default('./.data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  // Connections each server process may open to PostgreSQL (docs/benchmarks.md: N processes
  // need N times this, within the server's max_connections).
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(1000)).default(10),
  // Set by scripts/cluster.mjs: this process's number among WEB_CONCURRENCY workers (0: alone).
  BRAND_WORKER: optional(z.coerce.number().int().min(0)).default(0),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  BRAND_API_URL: optional(z.url()),
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(300),
  SESSION_TTL_DAYS: optional(z.coerce.number().int().min(1).max(365)).default(30),
  TRUST_PROXY: optional(z.enum(['0', '1', 'true', 'false'])).transform((v) => v === '1' || v === 'true'),
  COOKIE_SECURE: optional(z.enum(['0', '1', 'true', 'false'])).transform((v) =>
    v === undefined ? undefined : v === '1' || v === 'true',
  ),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()).default('no-reply@localhost'),
  SMS_HTTP_URL: optional(z.url()),
  SMS_HTTP_TOKEN: optional(z.string()),
  // Where the default message provider writes when DATA_DIR is ':memory:' (tests); unset: kept in memory.
  TEST_OUTBOX_FILE: optional(z.string()),
  // Scans one address may make at one brand per minute (a shop's shared Wi-Fi may need more).
  SCAN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1).max(1_000_000)).default(60),
  LOG_LEVEL: optional(z.enum(['silent', 'error', 'info', 'debug'])).default('info'),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parsed environment; throws a readable error naming the bad variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}
