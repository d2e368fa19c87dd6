import Link from 'next/link';
import { Page } from '@/components/ui/page';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { MarkMessagesRead } from '@/components/messages/mark-read';
import { callRoute } from '@/lib/server/call-route';
import { cloneInfoRoute, customerMessagesRoute } from '@/lib/server/routes';
import { pageLanguage } from '@/lib/server/i18n';

const link = 'font-medium text-brand-primary underline';

// /messages — what the brand sent the customer, newest first, new ones marked (docs/messages.md).
export default async function MessagesPage() {
  const [loaded, brand, i18n] = await Promise.all([load(callRoute(customerMessagesRoute)), callRoute(cloneInfoRoute), pageLanguage()]);
  const { t, f } = i18n;
  return (
    <Page title={t('messages.title')} intro={t('messages.intro', { brand: brand.organizationName })}>
      <p className="mb-4">
        <Link className={link} href="/message-settings">{t('messages.settingsLink')}</Link>
      </p>
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={{ href: '/', label: t('module.backHome') }} />
      ) : loaded.data.messages.length === 0 ? (
        <p className="rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-messages">{t('messages.empty')}</p>
      ) : (
        <>
          <MarkMessagesRead unread={loaded.data.unread} />
          <ul className="space-y-3" aria-label={t('messages.list')}>
            {loaded.data.messages.map((m) => (
              <li key={m.id} className={`rounded-lg border bg-white p-4 shadow-sm ${m.read ? 'border-gray-300' : 'border-brand-primary'}`} data-testid="message" data-kind={m.kind}>
                <div className="flex items-start justify-between gap-2">
                  <h2 className="font-semibold text-gray-900">{m.subject}</h2>
                  {!m.read && <span className="shrink-0 rounded-full bg-brand-primary px-2 py-0.5 text-xs font-semibold text-brand-text">{t('messages.new')}</span>}
                </div>
                <p className="mt-1 whitespace-pre-line break-words text-gray-800">{m.body}</p>
                <p className="mt-2 text-sm text-gray-700">
                  <time dateTime={m.createdAt}>{f.moment(m.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
