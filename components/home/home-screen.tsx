'use client';
import Link from 'next/link';
import { useBrand } from '@/components/shell/brand-context';
import { enabledModules } from '@/lib/client/modules';
import { useProfile } from '@/components/shell/profile';
import { useT } from '@/components/shell/i18n-context';
import { HomeBanners } from './home-banners';

// / — a greeting and the brand's modules as tiles (only those the brand switched on).
export function HomeScreen({ unread = 0 }: { unread?: number }) {
  const brand = useBrand();
  const profile = useProfile();
  const t = useT();
  const name = profile.userName?.trim();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6">
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">
        {name ? t('home.helloName', { name }) : t('home.hello')}
      </h1>
      <p className="mb-6 mt-1 text-gray-800">{t('home.intro', { brand: brand.organizationName })}</p>
      {/* The brand's messages, with the count of unread ones (docs/messages.md). */}
      <p className="mb-4">
        <Link href="/messages" className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 font-semibold text-gray-900 hover:border-brand-primary" data-testid="messages-link">
          {t('messages.homeLink')}
          {unread > 0 && (
            <span className="rounded-full bg-brand-primary px-2 py-0.5 text-xs text-brand-text" data-testid="unread-mark">
              {t('messages.homeUnread', { count: String(unread) })}
            </span>
          )}
        </Link>
      </p>
      {brand.banners && <HomeBanners banners={brand.banners} brand={brand.organizationName} />}
      <ul className="grid grid-cols-2 gap-3" aria-label={t('home.services')}>
        {enabledModules(brand).map((m) => (
          <li key={m.href}>
            <Link href={m.href} className="flex h-full min-h-28 flex-col rounded-xl border border-gray-300 bg-white p-4 shadow-sm hover:border-brand-primary">
              <span className="font-semibold text-gray-900">{t(m.label)}</span>
              <span className="mt-1 text-sm text-gray-700">{t(m.description)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <ul className="mt-6 space-y-2">
        <li><Link className="underline" href="/edit-profile">{t('home.editProfile')}</Link></li>
        <li><Link className="underline" href="/reset-password">{t('home.changePassword')}</Link></li>
        <li><Link className="underline" href="/delete-account">{t('home.deleteAccount')}</Link></li>
      </ul>
    </div>
  );
}
