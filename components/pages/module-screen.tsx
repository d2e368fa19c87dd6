import type { ReactNode } from 'react';
import Link from 'next/link';
import { readBrand } from '@/lib/server/tenant';
import type { FlagName } from '@/lib/client/modules';
import { Page } from '@/components/ui/page';

// A screen of a module the brand may switch off: its heading, then either the screen or a
// clear note that this brand does not offer it.
export async function ModuleScreen({ title, flag, intro, children }: { title: string; flag?: FlagName; intro: ReactNode; children?: ReactNode }) {
  const result = await readBrand();
  const brand = result.ok ? result.brand : undefined;
  if (flag && brand && !brand[flag]) {
    return (
      <Page title={title}>
        <p className="text-gray-800" data-testid="module-off">
          {title} is not offered by {brand.organizationName}.
        </p>
        <p className="mt-4"><Link className="underline" href="/">Back to the home screen</Link></p>
      </Page>
    );
  }
  return (
    <Page title={title} intro={intro}>
      {children}
    </Page>
  );
}
