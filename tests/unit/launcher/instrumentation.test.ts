// instrumentation.ts, Next.js's start-up hook: under the launcher (scripts/start.mjs, which leaves
// its callback on globalThis and listens only once it is called) the hook does not hold Next.js's
// own preparation while the database opens; under another server it does, so that no request is
// served before the start-up is done.

let finish: () => void = () => undefined;
const startOrExit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
jest.mock('../../../lib/server/startup', () => ({ startOrExit }));

const shared = globalThis as { __brandStartedUp?: () => void };
const env = process.env as Record<string, string | undefined>;
const runtime = env.NEXT_RUNTIME;

beforeEach(() => {
  startOrExit.mockClear();
  env.NEXT_RUNTIME = 'nodejs';
});
afterEach(() => {
  delete shared.__brandStartedUp;
  env.NEXT_RUNTIME = runtime;
  finish();
});

/** Whether `p` settles before the start-up is let finish. */
async function settlesFirst(p: Promise<unknown>) {
  let settled = false;
  void p.then(() => (settled = true));
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
  return settled;
}

it('under the launcher, starts the start-up and returns without waiting for it', async () => {
  shared.__brandStartedUp = () => undefined;
  const { register } = await import('../../../instrumentation');
  const done = register();
  expect(await settlesFirst(done)).toBe(true);
  expect(startOrExit).toHaveBeenCalledTimes(1);
});

it('under another server, waits for the start-up before Next.js goes on', async () => {
  const { register } = await import('../../../instrumentation');
  const done = register();
  expect(await settlesFirst(done)).toBe(false);
  expect(startOrExit).toHaveBeenCalledTimes(1);
  finish();
  await done;
});

it('does nothing on the Edge runtime', async () => {
  env.NEXT_RUNTIME = 'edge';
  const { register } = await import('../../../instrumentation');
  await register();
  expect(startOrExit).not.toHaveBeenCalled();
});
