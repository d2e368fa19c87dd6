import type { I18n } from '@/lib/shared/i18n';

// What a link-preview fetcher (a chat app building the card of a shared verify link), a crawler or
// a prefetch gets on a verify page: the brand, the product and an invitation to check, with Open
// Graph and Twitter card tags (React puts <title> and <meta> into the document's head), and no
// verdict: the verdict belongs to the person holding the pack, and nothing here was recorded.
// In the page's language (the fetcher's Accept-Language among the brand's, else its default):
// the brand's and the product's names stay as the brand wrote them.

type PreviewProduct = { name: string; description?: string; images?: string[] } | null;

/** Open Graph's locale of each language (language_TERRITORY). */
const OG_LOCALE: Record<I18n['locale'], string> = { en: 'en_IN', hi: 'hi_IN', bn: 'bn_IN', mr: 'mr_IN', ta: 'ta_IN', te: 'te_IN' };

export function LinkPreview({ brand, product, i18n: { locale, t } }: { brand: string; product: PreviewProduct; i18n: Pick<I18n, 'locale' | 't'> }) {
  const title = product ? t('preview.title', { product: product.name, brand }) : brand;
  const description = t('preview.description');
  const image = product?.images?.find((src) => /^https?:\/\//.test(src) || src.startsWith('/'));
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6" data-testid="link-preview">
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-800">{description}</p>
    </div>
  );
}
