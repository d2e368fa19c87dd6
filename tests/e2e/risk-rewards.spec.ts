import { expect, test } from '@playwright/test';
import { open, operator } from './support';
import { aftersalesBrand, customerWithUnit } from './aftersales-support';

// A reward of a unit the brand is checking for copies waits (docs/verification.md, "Rewards of a
// suspect unit wait"): the rewards page says why, in a status, in place of the coupon's code.

// Held back (issue 27, bounded influence): a unit becomes suspect only on evidence from more than
// three unrelated networks, and every browser of the e2e server is 127.0.0.1 (it trusts no proxy
// header), so no page visit here can make one suspect. The hold itself is tested through the API
// (tests/api/risk-rewards.test.ts, six cities on six networks). Next: per-context addresses for
// the e2e server, or the brand's own decision in the console, then this runs again unchanged.
test.fixme('a coupon of a unit that became suspect is not shown until the brand closes the check', async ({ page, browser }) => {
  test.slow();
  const shop = await aftersalesBrand({ isRedFlaggingEnabled: true });
  const { slug, origin } = shop.brand;
  const coupon = await operator('create-reward', { slug, name: 'Ten off your next pack', description: 'Use it at checkout.', type: 'Coupon', couponCode: 'TENOFF-E2E', budget: 100, perCustomer: 3 });
  await operator('set-journey', { slug, product: shop.productId, config: { steps: [{ type: 'REWARD', title: 'Your coupon', config: { rewardId: coupon.rewardId } }] } });
  await customerWithUnit(page, shop);
  await open(page, `${origin}/my-products`);
  await page.getByRole('link', { name: shop.productName }).click();
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.getByTestId('journey-step').getByRole('button', { name: 'Collect my reward' }).click();
  await expect(page.getByTestId('journey-done')).toBeVisible();
  await open(page, `${origin}/rewards`);
  await expect(page.getByTestId('reward')).toContainText('TENOFF-E2E');

  // two shoppers 1,100 km apart check the unit's visible code minutes apart: it becomes suspect
  const codes = (await operator('list-codes', { slug })) as Array<{ qrId: string; level: number; unit: string | null }>;
  const unit = codes.find((c) => c.qrId === shop.coverts[0])!.unit;
  const overt = codes.find((c) => c.unit === unit && c.level === 6)!.qrId;
  for (const where of ['?lat=18.52&lng=73.86', '?lat=28.61&lng=77.21']) {
    const other = await browser.newContext();
    await open(await other.newPage(), `${origin}/info/verify/${overt}${where}`);
    await other.close();
  }

  await open(page, `${origin}/rewards`);
  const hold = page.getByTestId('reward-hold');
  await expect(hold).toHaveText('This product is being checked for copies; your coupon code will be shown once the check ends.');
  await expect(hold).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('reward')).not.toContainText('TENOFF-E2E');

  const [flag] = (await operator('red-flags', { slug })) as Array<{ id: string }>;
  await operator('dismiss-red-flag', { slug, id: flag!.id, note: 'The buyer travelled' });
  await open(page, `${origin}/rewards`);
  await expect(page.getByTestId('reward')).toContainText('TENOFF-E2E');
  await expect(page.getByTestId('reward-hold')).toHaveCount(0);
});
