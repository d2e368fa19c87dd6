import { safeReturnPath } from '@/lib/shared/routes';
import { Page } from '@/components/ui/page';
import { SignupForm } from '@/components/auth/signup-form';

// /signup
export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  return (
    <Page title="Create an account">
      <SignupForm from={safeReturnPath(typeof sp.from === 'string' ? sp.from : null)} />
    </Page>
  );
}
