import { safeReturnPath } from '@/lib/shared/routes';
import { Page } from '@/components/ui/page';
import { SignupForm } from '@/components/auth/signup-form';
import { pageLanguage } from '@/lib/server/i18n';

// /signup
export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [sp, { t }] = await Promise.all([searchParams, pageLanguage()]);
  return (
    <Page title={t('auth.createAccount')}>
      <SignupForm from={safeReturnPath(typeof sp.from === 'string' ? sp.from : null)} />
    </Page>
  );
}
