import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { newEmail, open, operatorAt, signUpByApi, tag } from './support';
import { AFTERSALES_FLAGS } from './aftersales-support';

// A reward of a unit the brand is checking for copies waits (docs/verification.md, "Rewards of a
// suspect unit wait"): the rewards page says why, in a status, in place of the coupon's code.
//
// A unit becomes suspect only on evidence from more than three unrelated networks (issue 27,
// bounded influence), and the suite's own server sees every browser as 127.0.0.1. So this test
// starts a server of its own behind a "proxy" it trusts (TRUST_PROXY=1, as a deployment behind
// one load balancer runs), from the same build, and each shopper's browser comes from a network
// of its own (X-Forwarded-For on a private /24: no address place, so the places they share count).

const root = path.resolve(__dirname, '../..');
test.setTimeout(240_000);

/** Six cities more than 100 km apart (tests/support/devices.ts SIX_CITIES). */
const SIX_CITIES = ['?lat=18.52&lng=73.86', '?lat=28.61&lng=77.21', '?lat=22.57&lng=88.36', '?lat=13.08&lng=80.27', '?lat=26.91&lng=75.79', '?lat=23.02&lng=72.57'];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const statusOf = (port: number, pathname: string) =>
  new Promise<number>((resolve) => {
    http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', () => resolve(0));
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

test('a coupon of a unit that became suspect is not shown until the brand closes the check', async ({ page, browser }) => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bv-e2e-proxied-'));
  let log = '';
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    detached: true, // its own process group, so a failed test ends every process of it
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SESSION_SECRET: '',
      TRUST_PROXY: '1',
      NEXT_DIST_DIR: process.env.E2E_DIST_DIR || '.next',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (c) => (log = (log + c).slice(-4000)));
  server.stderr!.on('data', (c) => (log = (log + c).slice(-4000)));
  try {
    await expect.poll(() => statusOf(port, '/api/openapi.json'), { timeout: 180_000, intervals: [500, 1000], message: `the server starts:\n${log}` }).toBe(200);
    const run = (command: string, args: unknown) => operatorAt(dataDir, command, args);

    // A brand of its own with a product, one unit, a coupon and a journey that gives it.
    const slug = `e2e-${tag()}`;
    const domain = `${slug}.localhost`;
    const origin = `http://${domain}:${port}`;
    const brand = { slug, name: `Brand ${slug}`, domain, origin };
    await run('create', { slug, name: brand.name, domains: [domain], config: { flags: { ...AFTERSALES_FLAGS, isRedFlaggingEnabled: true } } });
    const productName = 'Glow Serum 30 ml';
    const product = await run('create-product', { slug, name: productName, description: 'A serum.', warrantyMonths: 12 });
    await run('create-batch', { slug, product: product.id, batchNumber: 'RR-1', mfgDate: '2025-01-15', expiryDate: '2099-12-31' });
    await run('generate-codes', { slug, batch: 'RR-1', count: 1 });
    const codes = (await run('list-codes', { slug })) as Array<{ qrId: string; level: number; unit: string | null }>;
    const covert = codes.find((c) => c.level === 7)!;
    const overt = codes.find((c) => c.unit === covert.unit && c.level === 6)!.qrId;
    const coupon = await run('create-reward', { slug, name: 'Ten off your next pack', description: 'Use it at checkout.', type: 'Coupon', couponCode: 'TENOFF-E2E', budget: 100, perCustomer: 3 });
    await run('set-journey', { slug, product: product.id, config: { steps: [{ type: 'REWARD', title: 'Your coupon', config: { rewardId: coupon.rewardId } }] } });

    // The buyer claims the unit with its hidden code and collects the coupon.
    await signUpByApi(page, brand, { email: newEmail(), name: 'Asha', dataDir });
    await open(page, `${origin}/covert/post/verify/${covert.qrId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Genuine Post Sale', exact: true })).toBeVisible();
    await open(page, `${origin}/my-products`);
    await page.getByRole('link', { name: productName }).click();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.getByTestId('journey-step').getByRole('button', { name: 'Collect my reward' }).click();
    await expect(page.getByTestId('journey-done')).toBeVisible();
    await open(page, `${origin}/rewards`);
    await expect(page.getByTestId('reward')).toContainText('TENOFF-E2E');
    await expect(page.getByTestId('reward-hold')).toHaveCount(0);

    // Shoppers in six cities, each on a network of their own, check the unit's visible code: its
    // copies are corroborated beyond any three witnesses, and the unit becomes suspect.
    for (const [i, where] of SIX_CITIES.entries()) {
      const shopper = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.27.${i + 1}.9` } });
      const shop = await shopper.newPage();
      await open(shop, `${origin}/info/verify/${overt}${where}`);
      await expect(shop.getByRole('heading', { level: 1, name: 'Info', exact: true })).toBeVisible();
      await shopper.close();
    }
    const flags = (await run('red-flags', { slug })) as Array<{ id: string; rules: string[] }>;
    expect(flags).toHaveLength(1);

    await open(page, `${origin}/rewards`);
    const hold = page.getByTestId('reward-hold');
    await expect(hold).toHaveText('This product is being checked for copies; your coupon code will be shown once the check ends.');
    await expect(hold).toHaveAttribute('role', 'status');
    await expect(page.getByTestId('reward')).not.toContainText('TENOFF-E2E');

    await run('dismiss-red-flag', { slug, id: flags[0]!.id, note: 'The buyer travelled' });
    await open(page, `${origin}/rewards`);
    await expect(page.getByTestId('reward')).toContainText('TENOFF-E2E');
    await expect(page.getByTestId('reward-hold')).toHaveCount(0);
  } finally {
    if (server.exitCode === null && server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited(server), new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null && server.signalCode === null) {
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
