import type { CloneInfo } from '@/lib/schemas/client';

// The brand's modules as the home screen and navigation show them: a module whose feature flag
// the brand switched off is not offered.

export type FlagName =
  | 'isWarrantyEnabled'
  | 'isLoyalityProgramEnabled'
  | 'isTrackingEnabled'
  | 'isComplaintManagementEnabled';

export type AppModule = { href: string; label: string; description: string; flag?: FlagName };

export const MODULES: readonly AppModule[] = [
  { href: '/qr-scan', label: 'Scan a product', description: 'Check that a product is genuine by scanning its code.' },
  { href: '/my-products', label: 'My products', description: 'Products you have claimed.' },
  { href: '/warranty', label: 'Warranty', description: 'Register and view warranties.', flag: 'isWarrantyEnabled' },
  { href: '/rewards', label: 'Rewards', description: 'Cashback and coupons you earned.', flag: 'isLoyalityProgramEnabled' },
  { href: '/complaints', label: 'Complaints', description: 'Raise a complaint and follow it.', flag: 'isComplaintManagementEnabled' },
  { href: '/feedback', label: 'Feedback', description: 'Tell the brand what you think.' },
];

export function isModuleOn(brand: Pick<CloneInfo, FlagName>, flag: FlagName | undefined): boolean {
  return flag === undefined || brand[flag];
}

export function enabledModules(brand: Pick<CloneInfo, FlagName>): AppModule[] {
  return MODULES.filter((m) => isModuleOn(brand, m.flag));
}
