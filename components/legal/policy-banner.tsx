import type { LegalDocumentType } from '@/lib/schemas/legal';
import { linkTarget, policyLabels } from './policy-links';

// The top banner 'Stay Informed !!!' (spec section 2): the updated policies as links, and Accept.
export function PolicyBanner({
  updated,
  links,
  onAccept,
}: {
  updated: LegalDocumentType[];
  links: Record<LegalDocumentType, string>;
  onAccept: () => void;
}) {
  return (
    <section
      role="region"
      aria-labelledby="policy-banner-title"
      className="fixed inset-x-0 top-0 z-50 border-b border-gray-300 bg-white px-4 py-3 text-gray-900 shadow-md"
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-2">
        <h2 id="policy-banner-title" className="text-lg font-bold">
          Stay Informed !!!
        </h2>
        <p>We have updated the following. Please read and accept them to continue:</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {updated.map((type) => (
            <li key={type}>
              <a href={links[type]} {...linkTarget(links[type])} className="font-semibold text-blue-800 underline">
                {policyLabels[type]}
              </a>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={onAccept}
          className="bg-brand-primary text-brand-text min-h-11 self-start rounded-lg px-6 py-2 font-semibold"
        >
          Accept
        </button>
      </div>
    </section>
  );
}
