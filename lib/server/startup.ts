import 'server-only';
import { getDbHandle } from '@/lib/db/client';
import { seedDemo } from '@/lib/db/seed';
import { listBrands } from '@/lib/operator/brands';
import { ensureSessionSecret, operatorKey } from './secrets';
import { env } from './env';

// Runs once when the server process starts (instrumentation.ts): secrets, database, migrations,
// the demo brand, then one summary of what is served.
export async function startServer() {
  ensureSessionSecret();
  operatorKey();
  const handle = await getDbHandle();
  const { created } = await seedDemo();
  // Under WEB_CONCURRENCY the first worker speaks for all (scripts/cluster.mjs).
  if (env().LOG_LEVEL === 'silent' || env().BRAND_WORKER > 1) return;
  const brands = await listBrands();
  const lines = [
    `[brand-verify] data: ${handle.kind === 'pglite' ? `embedded PGlite at ${handle.location}` : `PostgreSQL ${handle.location}`}${created ? ' (demo brand seeded)' : ''}`,
    ...brands.map((b) => `[brand-verify] brand ${b.slug} (${b.name}${b.serviceStatus === 'Blacklisted' ? ', blacklisted' : ''}): ${b.domains.join(', ')}`),
  ];
  console.log(lines.join('\n'));
}
