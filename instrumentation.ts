// Server start-up hook of Next.js: open the database (taking the DATA_DIR lock), migrate and seed
// before the first request, so a broken database fails the start rather than a customer's scan.
// A failure ends the process with the reason (lib/server/startup.ts startOrExit).
export async function register() {
  // The import sits inside the condition (not after an early return) so that a bundler building
  // the Edge copy of this hook drops it with the branch.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startOrExit } = await import('./lib/server/startup');
    // Under the launcher (scripts/start.mjs), which listens only once the start-up has called back,
    // Next.js goes on preparing (loading its runtimes and the app's modules) while the database
    // opens in its own thread: the start-up is not awaited here. Under another server (`next
    // start`), it is, so that no request is served before it.
    if ((globalThis as { __brandStartedUp?: () => void }).__brandStartedUp) void startOrExit();
    else await startOrExit();
  }
}
