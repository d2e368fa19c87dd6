import { readBrand } from '@/lib/server/tenant';
import { InvalidQrNotice } from '@/components/scan/scan-problem';

// /invalid-qr — a code that is not a QR code of this brand
export default async function InvalidQrPage() {
  const result = await readBrand();
  return <InvalidQrNotice brand={result.ok ? result.brand.organizationName : 'this brand'} />;
}
