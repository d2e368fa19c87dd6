import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { apiErrorText } from '@/lib/shared/api-error-words';
import type { Translate } from '@/lib/shared/i18n';

/**
 * What a screen shows when its data could not be read: not found, or the API's message. `i18n`
 * (the page's language, with the failure's `error`): another language says it by the answer's
 * code, never by reading the English; without it, the English words as before.
 */
export function LoadProblem({
  status,
  message,
  error,
  i18n,
  back,
}: {
  status: number;
  message: string;
  error?: unknown;
  i18n?: { locale: string; t: Translate };
  back: { href: string; label: string };
}) {
  const words = !i18n
    ? status === 404
      ? 'We could not find this. It may belong to another account.'
      : message
    : status === 404
      ? i18n.t('products.notFound')
      : (apiErrorText(i18n.locale, i18n.t, error) ?? message);
  return (
    <>
      <Alert>{words}</Alert>
      <p>
        <Link className="font-medium text-brand-primary underline" href={back.href}>
          {back.label}
        </Link>
      </p>
    </>
  );
}
