import { PREVIEW_DESCRIPTION } from '@/lib/domain/visitor';

// What a link-preview fetcher (a chat app building the card of a shared verify link), a crawler or
// a prefetch gets on a verify page: the brand, the product and an invitation to check, with Open
// Graph and Twitter card tags (React puts <title> and <meta> into the document's head), and no
// verdict: the verdict belongs to the person holding the pack, and nothing here was recorded.

type PreviewProduct = { name: string; description?: string; images?: string[] } | null;

export function LinkPreview({ brand, product }: { brand: string; product: PreviewProduct }) {
  const title = product ? `${product.name} by ${brand}` : brand;
  const image = product?.images?.find((src) => /^https?:\/\//.test(src) || src.startsWith('/'));
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6" data-testid="link-preview">
      <title>{title}</title>
      <meta name="description" content={PREVIEW_DESCRIPTION} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={PREVIEW_DESCRIPTION} />
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={PREVIEW_DESCRIPTION} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      <h1 id="page-title" tabIndex={-1} className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-2 text-gray-800">{PREVIEW_DESCRIPTION}</p>
    </div>
  );
}
