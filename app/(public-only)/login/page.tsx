import { safeReturnPath } from '@/lib/shared/routes';
import { Page } from '@/components/ui/page';
import { LoginForm } from '@/components/auth/login-form';
import { pageLanguage } from '@/lib/server/i18n';
import type { MessageKey } from '@/lib/shared/i18n';

type Search = Promise<Record<string, string | string[] | undefined>>;

const NOTICES: Record<string, MessageKey> = {
  reset: 'auth.noticeReset',
  deleted: 'auth.noticeDeleted',
  expired: 'auth.noticeExpired',
};

// /login — the remembered `from` is only ever a path of this site (safeReturnPath).
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const [sp, { t }] = await Promise.all([searchParams, pageLanguage()]);
  const from = safeReturnPath(typeof sp.from === 'string' ? sp.from : null);
  const notice = Object.keys(NOTICES).find((k) => sp[k] === '1');
  return (
    <Page title={t('auth.signIn')}>
      <LoginForm from={from} notice={notice ? t(NOTICES[notice]!) : undefined} />
    </Page>
  );
}
