import { expect, test } from '@playwright/test';
import { createBrand, open } from './support';

// The 0.3 s page transition (spec section 2) moves the page in without fading it: a page that
// starts at opacity 0 has its largest paint held back until the browser's main thread is free,
// which on a phone is after the scripts' start-up (docs/decisions.md, "Platform").
test('the page transition lasts 0.3 s and never hides the page', async ({ page }) => {
  const brand = await createBrand();
  await open(page, `${brand.origin}/terms-of-use`);
  await expect(page.locator('.page-enter')).toHaveCount(1);
  const transition = await page.evaluate(() => {
    const el = document.querySelector('.page-enter')!;
    const rules = [...document.styleSheets].flatMap((s) => [...s.cssRules]);
    const keyframes = rules.find((r): r is CSSKeyframesRule => r instanceof CSSKeyframesRule && r.name === getComputedStyle(el).animationName);
    return {
      duration: getComputedStyle(el).animationDuration,
      animated: keyframes ? [...keyframes.cssRules].flatMap((k) => [...(k as CSSKeyframeRule).style]) : undefined,
    };
  });
  expect(transition.duration).toBe('0.3s');
  expect(transition.animated).toContain('transform');
  expect(transition.animated).not.toContain('opacity');
});
