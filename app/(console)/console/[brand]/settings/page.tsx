import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleSettingsRoute, consoleSharingRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { SettingsForm } from '@/components/console/settings-form';
import { DomainsEditor } from '@/components/console/domains-editor';
import { PurgeScans } from '@/components/console/purge-scans';
import { SharingEditor } from '@/components/console/sharing-editor';

// /<brand>/settings on the console host: the brand's configuration with a live preview of the
// customer app; owner and manager change it (and may purge old scan data now), the analyst reads
// it. A Manufacturer brand's Sharing with Retailer organisations is here too.

export default async function SettingsPage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  const { role, brand: org } = await requireStaffPage(brand, 'settings', 'read');
  const settings = await callRoute(consoleSettingsRoute, { params: { brand } });
  const canWrite = roleMay(role, 'settings', 'write');
  // Only a Manufacturer brand shares with Retailer organisations.
  const sharing = org.organizationType === 'Retailer' ? null : await callRoute(consoleSharingRoute, { params: { brand } });
  return (
    <div>
      <h1 id="page-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-gray-900">Brand settings</h1>
      <SettingsForm brand={brand} settings={settings} canWrite={canWrite} />
      <div className="mt-6">
        <DomainsEditor brand={brand} domains={settings.domains} pendingDomains={settings.pendingDomains} canWrite={canWrite} />
      </div>
      {canWrite && <PurgeScans brand={brand} retentionDays={settings.config.verification.risk.retentionDays} />}
      {sharing && <SharingEditor brand={brand} sharing={sharing} canWrite={canWrite} canAssign={roleMay(role, 'catalogue', 'write')} />}
    </div>
  );
}
