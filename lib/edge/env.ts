import { z } from 'zod';

// The one place that reads process.env (DESIGN.md section 7). Empty strings count as missing.
// This module is also imported by middleware.ts (Edge), so it does no file I/O: the
// SESSION_SECRET generated into DATA_DIR is put into the environment by the launcher
// (scripts/start.mjs) or by `ensureSessionSecret()` in lib/secrets.ts.

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  PORT: optional(z.coerce.number().int().min(1).max(65535)).default(3000),
  DATA_DIR: optional(z.string()).default('./.data'),
  // The app's folder, set by the launchers: where the embedded database's worker file lives
  // (lib/db/pglite-thread.ts); unset, the working folder.
  BRAND_APP_ROOT: optional(z.string()),
  // The embedded database's template made with the build (scripts/db-template.mjs), set by the
  // launcher when the build has one: an empty DATA_DIR starts from it (lib/db/client.ts).
  DB_TEMPLATE: optional(z.string()),
  // The in-memory database's template (DATA_DIR=:memory:, the tests): a dump of a migrated
  // database that each test file's database is loaded from (tests/support/db-template.ts).
  DB_MEMORY_TEMPLATE: optional(z.string()),
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
  // A session unused this long ends (sessions.ts); at most SESSION_TTL_DAYS in effect.
  SESSION_IDLE_DAYS: optional(z.coerce.number().int().min(1).max(365)).default(7),
  // The brand console's host (docs/console.md): its pages and /api/console/* answer only there.
  CONSOLE_HOST: optional(z.string().regex(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/i, 'must be a host name like console.example.com (no scheme or path)')).default('console.localhost'),
  // A staff session ends this many hours after sign-in, or after this many minutes unused.
  CONSOLE_SESSION_HOURS: optional(z.coerce.number().int().min(1).max(24 * 30)).default(12),
  CONSOLE_IDLE_MINUTES: optional(z.coerce.number().int().min(1).max(24 * 60)).default(30),
  // How many proxies in front append to X-Forwarded-For (0: none; true means 1). README, TRUST_PROXY.
  TRUST_PROXY: optional(z.string().regex(/^(\d{1,2}|true|false)$/, 'must be a number of proxy hops (0, 1, 2, …), true or false')).transform((v) =>
    v === undefined || v === 'false' ? 0 : v === 'true' ? 1 : Number(v),
  ),
  COOKIE_SECURE: optional(z.enum(['0', '1', 'true', 'false'])).transform((v) =>
    v === undefined ? undefined : v === '1' || v === 'true',
  ),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()).default('no-reply@localhost'),
  SMS_HTTP_URL: optional(z.url()),
  SMS_HTTP_TOKEN: optional(z.string()),
  // The WhatsApp Business Cloud API's base (docs/messages.md); a local fake in tests.
  WHATSAPP_API_URL: optional(z.url()).default('https://graph.facebook.com'),
  // The customer message worker (lib/messaging/worker.ts): seconds between its rounds; 0 turns it off.
  MESSAGE_WORKER_SECONDS: optional(z.coerce.number().int().min(0).max(3600)).default(5),
  // Where the default message provider writes when DATA_DIR is ':memory:' (tests); unset: kept in memory.
  TEST_OUTBOX_FILE: optional(z.string()),
  // Scans one address may make at one brand per minute (a shop's shared Wi-Fi may need more).
  SCAN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1).max(1_000_000)).default(60),
  LOG_LEVEL: optional(z.enum(['silent', 'error', 'info', 'debug'])).default('info'),
  // The demo brand on localhost and 127.0.0.1: seeded by default with the embedded database only,
  // so a production PostgreSQL never answers `Host: localhost` with a brand nobody asked for.
  DEMO_BRAND: optional(z.enum(['on', 'off'])),
  // Set by the launcher for its own process (scripts/operator-listener.mjs): requests that came
  // through the operator listener carry it; unset, the operator endpoint does not exist.
  OPERATOR_CHANNEL_TOKEN: optional(z.string().min(32, 'must be at least 32 characters')),
  // Uploaded files: an S3-compatible store when S3_BUCKET is set, else DATA_DIR/files (lib/files).
  S3_ENDPOINT: optional(z.url()),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_REGION: optional(z.string()).default('us-east-1'),
  // Upload quotas in MB: all files of one customer at one brand, and all files of one brand.
  UPLOAD_QUOTA_CUSTOMER_MB: optional(z.coerce.number().positive()).default(200),
  UPLOAD_QUOTA_BRAND_MB: optional(z.coerce.number().positive()).default(20 * 1024),
  // ...and all files of one customer whose contact is not confirmed yet (docs/security.md).
  UPLOAD_QUOTA_UNVERIFIED_MB: optional(z.coerce.number().min(0)).default(10),
  // Bench-only (scripts/bench.mjs, docs/benchmarks.md "The risk assessment's cost"): '1' serves
  // scans as before the risk assessment (no sessions read, no rules, no address place, no session
  // kept), so one run can compare the verify page with and without it. Never set in service.
  BENCH_SKIP_RISK: optional(z.enum(['0', '1'])).transform((v) => v === '1'),
  // Test-only: a lower scrypt cost (a power of two from 2^10), so suites that sign up hundreds of
  // customers stay fast on a 2-core CI machine. Refused in production (lib/auth/password.ts).
  TEST_PASSWORD_HASH_N: optional(
    z.coerce.number().int().min(1024).max(131072).refine((n) => (n & (n - 1)) === 0, 'must be a power of two'),
  ),
}).superRefine((e, ctx) => {
  if (e.NODE_ENV === 'production' && e.TEST_PASSWORD_HASH_N !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['TEST_PASSWORD_HASH_N'], message: 'is for tests only; production hashes passwords at N=2^17' });
  }
  if (e.S3_BUCKET && !(e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too' });
  }
}).transform((e) => ({ ...e, DEMO_BRAND: e.DEMO_BRAND ?? (e.DATABASE_URL ? 'off' : 'on') }));

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
