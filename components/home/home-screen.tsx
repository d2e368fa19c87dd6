'use client';
import Link from 'next/link';
import { useBrand } from '@/components/shell/brand-context';
import { enabledModules } from '@/lib/client/modules';
import { useProfile } from '@/components/shell/profile';

// / — a greeting and the brand's modules as tiles (only those the brand switched on).
export function HomeScreen() {
  const brand = useBrand();
  const profile = useProfile();
  const name = profile.userName?.trim();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6">
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">
        {name ? `Hello, ${name}` : 'Hello'}
      </h1>
      <p className="mb-6 mt-1 text-gray-800">What would you like to do with {brand.organizationName} today?</p>
      <ul className="grid grid-cols-2 gap-3" aria-label="Services">
        {enabledModules(brand).map((m) => (
          <li key={m.href}>
            <Link href={m.href} className="flex h-full min-h-28 flex-col rounded-xl border border-gray-300 bg-white p-4 shadow-sm hover:border-brand-primary">
              <span className="font-semibold text-gray-900">{m.label}</span>
              <span className="mt-1 text-sm text-gray-700">{m.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="mt-6 space-y-2">
        <li><Link className="underline" href="/edit-profile">Edit profile</Link></li>
        <li><Link className="underline" href="/reset-password">Change password</Link></li>
        <li><Link className="underline" href="/delete-account">Delete account</Link></li>
      </ul>
    </div>
  );
}
