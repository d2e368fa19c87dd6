import type { CloneInfo } from '@/lib/schemas/client';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';
import type { MessageKey } from '@/lib/shared/i18n';

// The brand's modules as the home screen and navigation show them: a module whose feature flag
// the brand switched off is not offered. Each module's flag is its page's in the page table
// (lib/shared/routes.ts; tests/unit/client/shell-rules.test.ts holds them equal), so the home
// screen and the page's gate cannot disagree. Spelled out here rather than read from the table:
// the signed-in header carries this list on every signed-in page, and the table would come with it.

export type AppModule = { href: string; label: MessageKey; description: MessageKey; flag?: FeatureFlag };

export const MODULES: readonly AppModule[] = [
  { href: '/qr-scan', label: 'module.scan', description: 'module.scanText' },
  { href: '/my-products', label: 'module.myProducts', description: 'module.myProductsText' },
  { href: '/warranty', label: 'module.warranty', description: 'module.warrantyText', flag: 'isWarrantyEnabled' },
  { href: '/rewards', label: 'module.rewards', description: 'module.rewardsText', flag: 'isLoyalityProgramEnabled' },
  { href: '/complaints', label: 'module.complaints', description: 'module.complaintsText', flag: 'isComplaintManagementEnabled' },
  { href: '/feedback', label: 'module.feedback', description: 'module.feedbackText' },
];

/** Whether the brand offers what `flag` switches (no flag: always). */
export function isModuleOn(brand: Pick<CloneInfo, FeatureFlag>, flag: FeatureFlag | undefined): boolean {
  return flag === undefined || brand[flag];
}

export function enabledModules(brand: Pick<CloneInfo, FeatureFlag>): AppModule[] {
  return MODULES.filter((m) => isModuleOn(brand, m.flag));
}
