import { readBrand } from '@/lib/server/tenant';
import { pageLanguage } from '@/lib/server/i18n';
import { InvalidQrNotice } from '@/components/scan/scan-problem';

// /invalid-qr — a code that is not a QR code of this brand
export default async function InvalidQrPage() {
  const [result, { t }] = await Promise.all([readBrand(), pageLanguage()]);
  return <InvalidQrNotice brand={result.ok ? result.brand.organizationName : t('shell.thisBrand')} t={t} />;
}
