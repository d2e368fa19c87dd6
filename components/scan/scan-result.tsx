'use client';
import Link from 'next/link';
import { useSyncExternalStore } from 'react';
import { useBrand } from '@/components/shell/brand-context';
import { useI18n } from '@/components/shell/i18n-context';
import { useI18nWithFormats } from '@/components/shell/use-formats';
import { SCAN_RESULT_KEY, parseScanResult } from '@/lib/client/scan-result';
import { Page } from '@/components/ui/page';
import { afterHydration } from '@/components/shell/lazy';

// The verdict card arrives after the first paint, which is empty anyway (the verdict lives in
// this tab, not on the server); the code form asks for it as it sends the code, so it is
// usually here before the page is. The screen's content: a chunk that fails to load shows the
// error screen (components/shell/lazy.tsx), without next/dynamic's loader in the first load.
const VerdictCard = afterHydration(() => import('./verdict-card').then((m) => m.VerdictCard), 'verdict card', {
  content: true,
  Loading: LoadingResult,
});

function LoadingResult() {
  return (
    <p role="status" className="mx-auto w-full max-w-md px-4 py-6 text-gray-800">
      {useI18n().t('scan.loadingResult')}
    </p>
  );
}

// /scan-result: the verdict an in-page flow got from the API (the authentication code typed
// on /qr-scan), kept for this tab in sessionStorage. Nothing kept: say so, offer a scan.
const noSubscribe = () => () => undefined;

export function ScanResult() {
  const brand = useBrand();
  const i18n = useI18nWithFormats();
  const { t } = i18n;
  const raw = useSyncExternalStore<string | null | undefined>(noSubscribe, () => sessionStorage.getItem(SCAN_RESULT_KEY), () => undefined);
  if (raw === undefined) return null; // on the server: the verdict lives in this tab only
  const verdict = parseScanResult(raw);
  if (!verdict) {
    return (
      <Page title={t('scan.resultTitle')}>
        <p className="text-gray-800">{t('scan.noResult')}</p>
        <p className="mt-4"><Link className="underline" href="/qr-scan">{t('module.scan')}</Link></p>
      </Page>
    );
  }
  return <VerdictCard verdict={verdict} brand={brand} signedIn i18n={i18n} />;
}
