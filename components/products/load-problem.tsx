import Link from 'next/link';
import { Alert } from '@/components/ui/alert';

// What a screen shows when its data could not be read: not found, or the API's message.
export function LoadProblem({ status, message, back }: { status: number; message: string; back: { href: string; label: string } }) {
  return (
    <>
      <Alert>{status === 404 ? 'We could not find this. It may belong to another account.' : message}</Alert>
      <p>
        <Link className="font-medium text-brand-primary underline" href={back.href}>
          {back.label}
        </Link>
      </p>
    </>
  );
}
