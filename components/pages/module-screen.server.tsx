import 'server-only';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { readBrand } from '@/lib/server/tenant';
import type { FeatureFlag } from '@/lib/schemas/feature-flags';
import { Page } from '@/components/ui/page';
import { pageLanguage } from '@/lib/server/i18n';

// The one gate of a page by a brand flag: its heading, then either the screen or a clear note
// that this brand does not offer it. Every flag-gated page renders through it, with the flag its
// entry in the page table (lib/shared/routes.ts) names (tests/unit/routes/page-table.test.ts checks).
// A brand that cannot be read shows the screen: its own API calls answer for themselves.
export async function ModuleScreen({
  title,
  flag,
  offered = title,
  intro,
  children,
}: {
  title: string;
  flag?: FeatureFlag;
  /** What the note says is not offered ("Tracking is not offered by …"); the title by default. */
  offered?: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  const [result, { t }] = await Promise.all([flag ? readBrand() : undefined, pageLanguage()]);
  const brand = result?.ok ? result.brand : undefined;
  if (flag && brand && !brand[flag]) {
    return (
      <Page title={title}>
        <p className="text-gray-800" data-testid="module-off">
          {t('module.notOffered', { module: offered, brand: brand.organizationName })}
        </p>
        <p className="mt-4"><Link className="underline" href="/">{t('module.backHome')}</Link></p>
      </Page>
    );
  }
  return (
    <Page title={title} intro={intro}>
      {children}
    </Page>
  );
}
