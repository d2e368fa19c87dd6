import 'server-only';
import { getDbHandle, withStartupLock } from '@/lib/db/client';
import { seedDemo } from '@/lib/db/seed';
import { listBrands } from '@/lib/operator/brands';
import { DEMO_HOSTS } from '@/lib/shared/host';
import { describeFileStore } from '@/lib/files';
import { ensureSessionSecret, operatorKey } from '@/lib/secrets';
import { env } from '@/lib/edge/env';
import { startRetentionJob } from '@/lib/operator/retention';
import { startMessageWorker } from '@/lib/messaging/worker';
import { placeNameOf } from '@/lib/places/gazetteer';
import { loadIpPlaces } from '@/lib/places/ip-place';

// Runs once when the server process starts (instrumentation.ts): secrets, database, migrations,
// the demo brand (DEMO_BRAND), then one summary of what is served. Seeding runs under the same
// start-up lock as the migrations, so several servers starting at once on one PostgreSQL seed
// once; any failure here rejects, and instrumentation.ts ends the process with the reason.
export async function startServer(): Promise<{ demoSeeded: boolean }> {
  const e = env(); // a bad or test-only environment stops the start here
  ensureSessionSecret();
  operatorKey();
  const handle = await getDbHandle();
  const { created } = e.DEMO_BRAND === 'on' ? await withStartupLock(() => seedDemo()) : { created: false };
  // Raw scan data older than each brand's retention is deleted (lib/operator/retention.ts).
  if (e.NODE_ENV !== 'test') {
    startRetentionJob();
    startMessageWorker(); // delivers the customer message outbox (docs/messages.md)
    placeNameOf({ lat: 0, lng: 0 }); // reads the gazetteer now (about 0.2 s), not on a customer's scan
    // The IPv4 address-place table (a 63 MB file, read on demand) is opened in the background: the
    // server does not wait for it, and a scan before it is open simply has no address place
    // (lib/places/ip-place.ts).
    void loadIpPlaces([4]);
  }
  // Under WEB_CONCURRENCY the first worker speaks for all (scripts/cluster.mjs).
  if (e.LOG_LEVEL === 'silent' || e.BRAND_WORKER > 1) return { demoSeeded: created };
  const brands = await listBrands();
  const demo = e.DEMO_BRAND === 'on' ? (created ? ' (demo brand seeded)' : '') : ' (demo brand off)';
  const lines = [
    `[brand-verify] data: ${handle.kind === 'pglite' ? `embedded PGlite at ${handle.location}` : `PostgreSQL ${handle.location}`}${demo}`,
    `[brand-verify] uploads: ${describeFileStore()}`,
    ...brands.map((b) => `[brand-verify] brand ${b.slug} (${b.name}${b.serviceStatus === 'Blacklisted' ? ', blacklisted' : ''}): ${b.domains.join(', ')}`),
  ];
  console.log(lines.join('\n'));
  const onDemoHosts = brands.filter((b) => b.domains.some((d) => (DEMO_HOSTS as readonly string[]).includes(d)));
  if (e.DEMO_BRAND === 'off' && onDemoHosts.length) {
    console.warn(`[brand-verify] DEMO_BRAND is off, but ${onDemoHosts.map((b) => b.slug).join(', ')} still answers ${DEMO_HOSTS.join(' and ')} (seeded earlier?): remove those domains with npm run brand -- remove-domain`);
  }
  return { demoSeeded: created };
}

/**
 * The start-up hook's body. Next.js runs the hook itself when a production server is created
 * and only logs a failure ("Failed to prepare server"), after which every request answers 500;
 * so a failure ends the process here, non-zero with the reason. The launcher (scripts/start.mjs)
 * leaves a callback on globalThis and listens only once it has been called.
 */
export async function startOrExit() {
  try {
    await startServer();
  } catch (err) {
    console.error(`[brand-verify] start-up failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  (globalThis as { __brandStartedUp?: () => void }).__brandStartedUp?.();
}
