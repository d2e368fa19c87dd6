import type { CloneInfo } from '@/lib/schemas/client';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';
import { pageFlagOf } from '@/lib/shared/routes';

// The brand's modules as the home screen and navigation show them: a module whose feature flag
// the brand switched off is not offered. Each module's flag is its page's, from the page table
// (lib/shared/routes.ts), so the home screen and the page's gate cannot disagree.

export type AppModule = { href: string; label: string; description: string; flag?: FeatureFlag };

const moduleAt = (href: string, label: string, description: string): AppModule => ({ href, label, description, flag: pageFlagOf(href) });

export const MODULES: readonly AppModule[] = [
  moduleAt('/qr-scan', 'Scan a product', 'Check that a product is genuine by scanning its code.'),
  moduleAt('/my-products', 'My products', 'Products you have claimed.'),
  moduleAt('/warranty', 'Warranty', 'Register and view warranties.'),
  moduleAt('/rewards', 'Rewards', 'Cashback and coupons you earned.'),
  moduleAt('/complaints', 'Complaints', 'Raise a complaint and follow it.'),
  moduleAt('/feedback', 'Feedback', 'Tell the brand what you think.'),
];

/** Whether the brand offers what `flag` switches (no flag: always). */
export function isModuleOn(brand: Pick<CloneInfo, FeatureFlag>, flag: FeatureFlag | undefined): boolean {
  return flag === undefined || brand[flag];
}

export function enabledModules(brand: Pick<CloneInfo, FeatureFlag>): AppModule[] {
  return MODULES.filter((m) => isModuleOn(brand, m.flag));
}

/** Whether a link to the page at `href` is offered: its page needs no flag, or a brand that has it on. */
export function offersPage(brand: Pick<CloneInfo, FeatureFlag> | undefined, href: string): boolean {
  const flag = pageFlagOf(href);
  return flag === undefined || (brand !== undefined && brand[flag]);
}
