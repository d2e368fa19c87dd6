import Link from 'next/link';
import { readBrand } from '@/lib/server/tenant';
import { Page } from '@/components/ui/page';
import { ReportForm } from '@/components/scan/report-form';
import type { SearchParams } from '@/components/scan/location';

// /report?qrId= — report a suspicious product (isRedFlaggingEnabled)
export default async function ReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, result] = await Promise.all([searchParams, readBrand()]);
  const brand = result.ok ? result.brand : undefined;
  if (brand && !brand.isRedFlaggingEnabled) {
    return (
      <Page title="Report a product">
        <p className="text-gray-800" data-testid="module-off">Reporting suspicious products is not offered by {brand.organizationName}.</p>
        <p className="mt-4"><Link className="underline" href="/">Back to the home screen</Link></p>
      </Page>
    );
  }
  const qrId = Array.isArray(params.qrId) ? params.qrId[0] : params.qrId;
  // From a verdict with an evidence report: its reference goes with the report (docs/verification.md, "Risk").
  const evidence = Array.isArray(params.evidence) ? params.evidence[0] : params.evidence;
  const initialDescription = evidence && /^sc_[0-9A-Za-z]{16}$/.test(evidence) ? `Evidence report: ${evidence}\n` : '';
  return (
    <Page title="Report a product" intro={`Tell ${brand?.organizationName ?? 'the brand'} about a product you think is counterfeit or tampered with.`}>
      <ReportForm initialQrId={qrId?.slice(0, 64) ?? ''} initialDescription={initialDescription} />
    </Page>
  );
}
