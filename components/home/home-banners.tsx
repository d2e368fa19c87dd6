'use client';
import type { CloneInfo } from '@/lib/schemas/client';
import { useT } from '@/components/shell/i18n-context';

// The brand's banners (its `banners` setting: an image, and where it leads) on the home screen,
// as a row that scrolls sideways on a phone. The settings allow only https links (isSafeLink);
// a banner's link leaves the app, so it opens in a new tab.
export function HomeBanners({ banners, brand }: { banners: NonNullable<CloneInfo['banners']>; brand: string }) {
  const t = useT();
  if (!banners.length) return null;
  return (
    <ul className="-mx-4 mb-6 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2" aria-label={t('home.banners', { brand })} data-testid="home-banners">
      {banners.map((b, i) => {
        const alt = t('home.bannerAlt', { brand, number: i + 1, count: banners.length });
        // eslint-disable-next-line @next/next/no-img-element -- a brand's image on its own host, any size
        const image = <img src={b.image} alt={alt} loading={i === 0 ? 'eager' : 'lazy'} className="h-36 w-72 max-w-none rounded-xl bg-gray-100 object-cover" />;
        return (
          <li key={`${i}-${b.image}`} className="shrink-0 snap-start">
            {b.link ? (
              <a href={b.link} target="_blank" rel="noopener noreferrer" className="block rounded-xl">
                {image}
              </a>
            ) : (
              image
            )}
          </li>
        );
      })}
    </ul>
  );
}
