import Link from 'next/link';
import { safeReturnPath } from '@/lib/shared/routes';
import { Page } from '@/components/ui/page';
import { LoginForm } from '@/components/auth/login-form';
import { pageLanguage } from '@/lib/server/i18n';
import type { MessageKey } from '@/lib/shared/i18n';
import { VERIFY_PAGE_PREFIX, VERIFY_PAGE_PREFIXES, VISITOR_SCAN_PATH } from '@/lib/shared/verify-paths';

type Search = Promise<Record<string, string | string[] | undefined>>;

const NOTICES: Record<string, MessageKey> = {
  reset: 'auth.noticeReset',
  deleted: 'auth.noticeDeleted',
  expired: 'auth.noticeExpired',
};

/**
 * Why the screen the visitor was going to needs an account: a unit's own verdict (it records the
 * check against the customer) or a screen of their own. Nothing for the home screen or none.
 */
function whyOf(from: string): MessageKey | undefined {
  if (from === '/') return undefined;
  const path = from.split(/[?#]/)[0]!;
  const verify = VERIFY_PAGE_PREFIXES.some((p) => p !== VERIFY_PAGE_PREFIX.info && path.startsWith(p));
  return verify ? 'auth.whyVerify' : 'auth.whyAccount';
}

// /login — the remembered `from` is only ever a path of this site (safeReturnPath).
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const [sp, { t }] = await Promise.all([searchParams, pageLanguage()]);
  const from = safeReturnPath(typeof sp.from === 'string' ? sp.from : null);
  const notice = Object.keys(NOTICES).find((k) => sp[k] === '1');
  const why = notice ? undefined : whyOf(from);
  return (
    <Page title={t('auth.signIn')} intro={why ? <p data-testid="sign-in-why">{t(why)}</p> : undefined}>
      <LoginForm from={from} notice={notice ? t(NOTICES[notice]!) : undefined} />
      {why === 'auth.whyVerify' && (
        <p className="mt-4 text-center">
          <Link className="underline" href={VISITOR_SCAN_PATH}>{t('auth.checkAnotherCode')}</Link>
        </p>
      )}
    </Page>
  );
}
