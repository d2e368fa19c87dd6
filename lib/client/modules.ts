import type { CloneInfo } from '@/lib/schemas/client';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';

// The brand's modules as the home screen and navigation show them: a module whose feature flag
// the brand switched off is not offered. Each module's flag is its page's in the page table
// (lib/shared/routes.ts; tests/unit/client/shell-rules.test.ts holds them equal), so the home
// screen and the page's gate cannot disagree. Spelled out here rather than read from the table:
// the signed-in header carries this list on every signed-in page, and the table would come with it.

export type AppModule = { href: string; label: string; description: string; flag?: FeatureFlag };

export const MODULES: readonly AppModule[] = [
  { href: '/qr-scan', label: 'Scan a product', description: 'Check that a product is genuine by scanning its code.' },
  { href: '/my-products', label: 'My products', description: 'Products you have claimed.' },
  { href: '/warranty', label: 'Warranty', description: 'Register and view warranties.', flag: 'isWarrantyEnabled' },
  { href: '/rewards', label: 'Rewards', description: 'Cashback and coupons you earned.', flag: 'isLoyalityProgramEnabled' },
  { href: '/complaints', label: 'Complaints', description: 'Raise a complaint and follow it.', flag: 'isComplaintManagementEnabled' },
  { href: '/feedback', label: 'Feedback', description: 'Tell the brand what you think.' },
];

/** Whether the brand offers what `flag` switches (no flag: always). */
export function isModuleOn(brand: Pick<CloneInfo, FeatureFlag>, flag: FeatureFlag | undefined): boolean {
  return flag === undefined || brand[flag];
}

export function enabledModules(brand: Pick<CloneInfo, FeatureFlag>): AppModule[] {
  return MODULES.filter((m) => isModuleOn(brand, m.flag));
}
