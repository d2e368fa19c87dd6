'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { useI18nWithFormats } from '@/components/shell/use-formats';
import { http } from '@/lib/client/lazy-http';
import type { Consents, MyData } from '@/lib/schemas/my-data';
import type { MessageKey } from '@/lib/shared/i18n';

const POLICY_KEYS = { 'Terms & Conditions': 'legal.terms', 'Privacy Policy': 'legal.privacy', 'Cookie Policy': 'legal.cookiePolicy' } as const satisfies Record<string, MessageKey>;

// "My data" on the profile: the consents the customer gave and when (read by the page on the
// server), and a download of everything the brand holds about them: one JSON file, or the same as
// a readable PDF (GET /api/customer/my-data/pdf, written on the server).
export function MyDataSection({ consents }: { consents: Consents }) {
  const { t, f } = useI18nWithFormats();
  const [busy, setBusy] = useState<'json' | 'pdf'>();
  const [error, setError] = useState<string>();

  function save(blob: Blob, name: string) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  async function download(kind: 'json' | 'pdf') {
    setBusy(kind);
    setError(undefined);
    try {
      if (kind === 'json') {
        const data = await http<MyData>('/customer/my-data');
        save(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `my-data-${data.exportedAt.slice(0, 10)}.json`);
      } else {
        const { fetchBlob } = await import('@/lib/client/upload');
        const { blob, headers } = await fetchBlob('/customer/my-data/pdf');
        const name = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'my-data.pdf';
        save(blob, name);
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(undefined);
    }
  }

  const none = consents.policies.length === 0 && consents.cookieConsent.length === 0;
  return (
    <section aria-labelledby="my-data-title" className="mt-8 rounded-lg border border-gray-300 bg-white p-4" data-testid="my-data">
      <h2 id="my-data-title" className="text-lg font-semibold text-gray-900">{t('myData.title')}</h2>
      <p className="mt-1 text-gray-800">{t('myData.intro')}</p>
      <h3 className="mt-4 font-semibold text-gray-900">{t('myData.consents')}</h3>
      {none ? (
        <p className="text-gray-800">{t('myData.noConsents')}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-gray-800" data-testid="consents">
          {consents.policies.map((p, i) => (
            <li key={`p${i}`}>{t('myData.policyAccepted', { policy: t(POLICY_KEYS[p.documentType]), version: p.version, date: f.moment(p.acknowledgedAt) })}</li>
          ))}
          {consents.cookieConsent.map((c, i) => (
            <li key={`c${i}`}>{t('myData.cookieAccepted', { date: f.moment(c.givenAt) })}</li>
          ))}
        </ul>
      )}
      {error && <div className="mt-3"><Alert>{error}</Alert></div>}
      <div className="mt-4 flex flex-col gap-2">
        <Button type="button" busy={busy === 'json'} disabled={busy !== undefined} onClick={() => void download('json')}>{t('myData.download')}</Button>
        <Button type="button" busy={busy === 'pdf'} disabled={busy !== undefined} onClick={() => void download('pdf')}>{t('myData.downloadPdf')}</Button>
      </div>
    </section>
  );
}
