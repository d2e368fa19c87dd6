'use client';
import { useT } from '@/components/shell/i18n-context';

// The share of an upload sent so far: a native progress bar (announced by screen readers with
// its value) and the percentage in words beside it.
export function UploadProgress({ share }: { share: number }) {
  const t = useT();
  const percent = Math.min(100, Math.max(0, Math.round(share * 100)));
  return (
    <div className="mb-4" data-testid="upload-progress">
      <progress className="h-3 w-full accent-brand-primary" max={100} value={percent} aria-label={t('files.sending')} />
      <p className="mt-1 text-sm text-gray-800" aria-live="polite">{t('files.sentPercent', { percent })}</p>
    </div>
  );
}
