import { safeReturnPath } from '@/lib/shared/routes';
import { Page } from '@/components/ui/page';
import { LoginForm } from '@/components/auth/login-form';

type Search = Promise<Record<string, string | string[] | undefined>>;

const NOTICES: Record<string, string> = {
  reset: 'Your password was reset. Please sign in with the new password.',
  deleted: 'Your account was deleted.',
  expired: 'Your session has ended. Please sign in again.',
};

// /login — the remembered `from` is only ever a path of this site (safeReturnPath).
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const sp = await searchParams;
  const from = safeReturnPath(typeof sp.from === 'string' ? sp.from : null);
  const notice = Object.keys(NOTICES).find((k) => sp[k] === '1');
  return (
    <Page title="Sign in">
      <LoginForm from={from} notice={notice ? NOTICES[notice] : undefined} />
    </Page>
  );
}
