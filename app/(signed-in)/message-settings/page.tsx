import { Page } from '@/components/ui/page';
import { LoadProblem } from '@/components/products/load-problem';
import { load } from '@/components/products/load.server';
import { MessagePreferencesForm } from '@/components/messages/preferences-form';
import { callRoute } from '@/lib/server/call-route';
import { cloneInfoRoute, messagePreferencesRoute } from '@/lib/server/routes';
import { pageLanguage } from '@/lib/server/i18n';

// /message-settings — which kinds of message the customer gets on which channel (docs/messages.md).
export default async function MessageSettingsPage() {
  const [loaded, brand, i18n] = await Promise.all([load(callRoute(messagePreferencesRoute)), callRoute(cloneInfoRoute), pageLanguage()]);
  const { t } = i18n;
  return (
    <Page title={t('prefs.title')} intro={t('prefs.intro', { brand: brand.organizationName })}>
      {!loaded.ok ? (
        <LoadProblem status={loaded.status} message={loaded.message} error={loaded.error} i18n={i18n} back={{ href: '/messages', label: t('prefs.back') }} />
      ) : (
        <MessagePreferencesForm initial={loaded.data} />
      )}
    </Page>
  );
}
