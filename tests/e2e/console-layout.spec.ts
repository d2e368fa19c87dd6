import { expect, test, type Page } from '@playwright/test';
import { createBrand, ready } from './support';
import { CONSOLE_ORIGIN, signInStaff } from './console-support';
import { consoleNavFor } from '@/lib/shared/console-nav';

// Every area of the console on a tablet and on a laptop (docs/console.md): the page has its
// heading, nothing runs off the side of the screen (wide tables scroll inside their own box), every
// form control has a name a screen reader can read, and the keyboard reaches the navigation.

const SCREENS = [
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1280, height: 800 },
];

/** Form controls that are shown but have no accessible name. */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main input, main select, main textarea, main button'))
      .filter((el) => el.offsetParent !== null && (el as HTMLInputElement).type !== 'hidden')
      .filter((el) => {
        const labelled = (el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || el.getAttribute('title');
        const text = el.tagName === 'BUTTON' ? el.textContent?.trim() : '';
        return !labelled && !text;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

for (const screen of SCREENS) {
  test(`every area an owner may see fits a ${screen.name} and names its controls`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const brand = await createBrand({}, `Layout ${screen.name}`);
    await signInStaff(page, { brand: brand.slug, role: 'owner' });
    for (const entry of consoleNavFor('owner')) {
      await page.goto(`${CONSOLE_ORIGIN}/${brand.slug}/${entry.path}`);
      await ready(page);
      await expect(page.getByRole('heading', { level: 1 }), entry.path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // The outermost elements that reach past the screen's edge, to name in the failure.
      const offenders = overflow > 1 ? await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1))
          .slice(0, 3)
          .map((el) => el.outerHTML.slice(0, 160)),
      ) : [];
      expect(overflow, `${entry.path} runs ${overflow}px off the side: ${offenders.join(' | ')}`).toBeLessThanOrEqual(1);
      expect(await unnamedControls(page), `${entry.path}: controls without a name`).toEqual([]);
      // The navigation names the area, and the keyboard reaches its link.
      const link = page.getByRole('navigation').getByRole('link', { name: entry.label, exact: true });
      await expect(link).toBeVisible();
      await link.focus();
      await expect(link).toBeFocused();
    }
  });
}
