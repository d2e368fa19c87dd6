import Link from 'next/link';
import type { ReactNode } from 'react';
import { RESCAN_MESSAGE } from '@/lib/domain/verdict';
import type { Translate } from '@/lib/shared/i18n';
import { labelText } from '@/lib/shared/verdict-words';
import { Actions, ResultBanner, linkClass, primaryLinkClass } from './verdict-card';

// What a verify screen shows when there is no verdict: a link that is not a code of this brand
// (the API's 422), a timeout (the rescan message), a scan flood, a switched-off module, or
// another failure. Always a way to scan again or type the code.

export function ScanProblem({ title, children, tone = 'danger', t }: { title: string; children?: ReactNode; tone?: 'danger' | 'neutral' | 'warning'; t: Translate }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6">
      <ResultBanner tone={tone} title={title} t={t}>{children}</ResultBanner>
      <Actions t={t}>
        <Link className={primaryLinkClass} href="/qr-scan">{t('scan.again')}</Link>
        <Link className={linkClass} href="/qr-scan#type-code">{t('scan.typeCode')}</Link>
      </Actions>
    </div>
  );
}

/** The /invalid-qr screen's content: shown there, and in place on a verify page given a malformed code. */
export function InvalidQrNotice({ brand, t }: { brand: string; t: Translate }) {
  return (
    <ScanProblem title={t('scan.invalidQr')} t={t}>
      <p className="mt-1">{t('scan.invalidQrText', { brand })}</p>
    </ScanProblem>
  );
}

export function RescanNotice({ t }: { t: Translate }) {
  return (
    <ScanProblem title={labelText(t, RESCAN_MESSAGE)} tone="neutral" t={t}>
      <p className="mt-1">{t('scan.rescanText')}</p>
    </ScanProblem>
  );
}
