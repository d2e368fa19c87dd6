import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { callRoute } from '@/lib/server/call-route';
import { customerProfileRoute } from '@/lib/server/routes';
import { readBrand } from '@/lib/server/tenant';
import { pageLanguage } from '@/lib/server/i18n';
import { isWellFormedQrId } from '@/lib/domain/qr-id';
import { DisputeForm } from './dispute-form.deferred';

// /report?dispute={qrId} — dispute the claim on a hidden code that answered Product Claimed to
// this customer (the verdict links here; docs/verification.md "Disputed claims"). On /report, a
// route the spec has, so the spec's routes stay as they are. Not gated by red flagging: a claim is
// part of every brand's verification.

async function contactOf(): Promise<string | null> {
  try {
    const p = await callRoute(customerProfileRoute);
    return p.emailId || p.mobileNoDetails?.mobileNo || null;
  } catch (err) {
    unstable_rethrow(err);
    return null;
  }
}

export async function DisputeScreen({ qrId }: { qrId: string }) {
  const [{ t }, brandResult, contact] = await Promise.all([pageLanguage(), readBrand(), contactOf()]);
  const brand = brandResult.ok ? brandResult.brand.organizationName : '';
  return (
    <ModuleScreen title={t('dispute.title')} intro={t('dispute.intro', { brand })}>
      {isWellFormedQrId(qrId) ? (
        <DisputeForm qrId={qrId} brand={brand} contact={contact} />
      ) : (
        <p className="text-gray-800" data-testid="dispute-no-code">{t('dispute.noCode')}</p>
      )}
    </ModuleScreen>
  );
}
