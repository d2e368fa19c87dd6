import { originOf } from '@/lib/domain/embedding';
import type { Translate } from '@/lib/shared/i18n';

// The red screen of a frame whose parent is not the brand's registered site (spec sections 5
// and 8). No client JavaScript: it works with scripts disabled. Nothing of the app is rendered
// beside it. The link opens the brand's official site in a new tab, never inside this frame.
// In the page's language (English: the spec's 'This page is not allowed to be embedded!!').

export function officialSiteOf(brand: { officialSite: string | null; embeddingURL: string | null }): string | undefined {
  return originOf(brand.officialSite) ? brand.officialSite! : originOf(brand.embeddingURL);
}

export function BlockedEmbedScreen({
  organizationName,
  officialSite,
  embeddingURL,
  t,
}: {
  organizationName: string;
  officialSite: string | null;
  embeddingURL: string | null;
  t: Translate;
}) {
  const href = officialSiteOf({ officialSite, embeddingURL });
  return (
    <main
      role="main"
      aria-labelledby="blocked-embed-title"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-red-700 px-4 text-center text-white"
    >
      <h1 id="blocked-embed-title" className="text-2xl font-bold">
        {t('legal.embedBlocked')}
      </h1>
      {href && (
        <p>
          <a href={href} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
            {t('legal.officialSite', { brand: organizationName })}
          </a>
        </p>
      )}
    </main>
  );
}
