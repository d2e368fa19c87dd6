import { readBrand } from '@/lib/server/tenant';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { ReportForm } from '@/components/scan/report-form';
import type { SearchParams } from '@/components/scan/location';
import { EVIDENCE_REFERENCE, evidenceLine } from '@/lib/shared/evidence-reference';
import { pageLanguage } from '@/lib/server/i18n';
import { DisputeScreen } from '@/components/disputes/dispute-screen.server';

// /report?qrId= — report a suspicious product (isRedFlaggingEnabled)
// /report?dispute={qrId} — dispute the claim on a hidden code (components/disputes)
export default async function ReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [params, result, { t }] = await Promise.all([searchParams, readBrand(), pageLanguage()]);
  const dispute = Array.isArray(params.dispute) ? params.dispute[0] : params.dispute;
  if (dispute !== undefined) return <DisputeScreen qrId={dispute.trim().slice(0, 64)} />;
  const brand = result.ok ? result.brand : undefined;
  const qrId = Array.isArray(params.qrId) ? params.qrId[0] : params.qrId;
  // From a verdict with an evidence report: its reference goes with the report (docs/verification.md, "Risk").
  const evidence = Array.isArray(params.evidence) ? params.evidence[0] : params.evidence;
  const initialDescription = evidence && EVIDENCE_REFERENCE.test(evidence) ? evidenceLine(evidence) : '';
  return (
    <ModuleScreen
      title={t('report.title')}
      flag="isRedFlaggingEnabled"
      offered={t('report.offered')}
      intro={t('report.intro', { brand: brand?.organizationName ?? t('report.theBrand') })}
    >
      <ReportForm initialQrId={qrId?.slice(0, 64) ?? ''} initialDescription={initialDescription} />
    </ModuleScreen>
  );
}
