import Link from 'next/link';
import { readBrand } from '@/lib/server/tenant';
import { Page } from '@/components/ui/page';
import { QrScanner } from '@/components/scan/qr-scanner';
import { ScreenMessages } from '@/components/shell/screen-messages.server';
import { offersPage } from '@/lib/shared/routes';
import { pageLanguage } from '@/lib/server/i18n';

type Search = Promise<Record<string, string | string[] | undefined>>;

// /info — what a visitor can check without signing in. With `?scan=1` ("Scan again" on a
// shopper's verdict) it is the visitor's scanner: the next code opens its page without an account.
export default async function InfoPage({ searchParams }: { searchParams: Search }) {
  const [result, sp, { t }] = await Promise.all([readBrand(), searchParams, pageLanguage()]);
  if (sp.scan === '1')
    return (
      <ScreenMessages scope="scan">
        <QrScanner visitor />
      </ScreenMessages>
    );
  const brand = result.ok ? result.brand : undefined;
  const links = (
    [
      ['/info-details', 'Product information', 'What a code is: product, batch and dates.'],
      ['/info-expiry', 'Expiry', 'Whether a product is past its expiry date.'],
      ['/verify-by-batchnumber', 'Batch number', 'The product and dates of a batch, by its number.'],
      ['/info-tracking', 'Tracking', 'Where a product, case or pallet has been.'],
    ] as const
  ).filter(([href]) => offersPage(brand, href));
  return (
    <Page title="Product information" intro={`Check a ${brand?.organizationName ?? ''} product without signing in. To verify a unit and claim it, sign in and scan its code.`}>
      <ul className="space-y-3" aria-label="Checks">
        {links.map(([href, label, description]) => (
          <li key={href}>
            <Link href={href} className="block rounded-xl border border-gray-300 bg-white p-4 hover:border-brand-primary">
              <span className="font-semibold text-gray-900">{label}</span>
              <span className="mt-1 block text-sm text-gray-700">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6"><Link className="underline" href="/info?scan=1">{t('scan.visitorScan')}</Link></p>
      <p className="mt-3"><Link className="underline" href="/qr-scan">Sign in and scan a product</Link></p>
    </Page>
  );
}
