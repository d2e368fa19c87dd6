import Link from 'next/link';
import type { CloneInfo } from '@/lib/schemas/client';
import type { Translate } from '@/lib/shared/i18n';
import { linkTarget, policyLinks } from '@/components/legal/policy-links';
import { HiddenWhenEmbedded } from './hidden-when-embedded';

// The optional footer (uiDesignCriteria.isfooterIncluded, default true), rendered on the server
// (no script of its own). Its second block, the brand's own links out, is hidden when the app is
// framed by the brand's embedding app.
export function Footer({ brand, t }: { brand: CloneInfo; t: Translate }) {
  if (!brand.uiDesignCriteria.isfooterIncluded) return null;
  const { text, links, officialSite } = brand.footer;
  // An embedding brand's own policy pages, when it names them, take the place of ours.
  const policy = policyLinks(brand.uiDesignCriteria);
  return (
    <footer className="mt-auto border-t border-gray-300 bg-white px-4 py-4 text-sm text-gray-800" data-testid="footer">
      <div className="mx-auto max-w-md">
        {text && <p>{text}</p>}
        <nav aria-label={t('footer.legal')} className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          <Link className="underline" href={policy['Terms & Conditions']} {...linkTarget(policy['Terms & Conditions'])}>{t('legal.terms')}</Link>
          <Link className="underline" href={policy['Privacy Policy']} {...linkTarget(policy['Privacy Policy'])}>{t('legal.privacy')}</Link>
        </nav>
      </div>
      {(links.length > 0 || officialSite) && (
        <HiddenWhenEmbedded>
          <div className="mx-auto mt-3 max-w-md" data-testid="footer-second">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {links.map((l) => (
                <li key={l.href + l.label}>
                  <a className="underline" href={l.href} rel="noopener noreferrer">{l.label}</a>
                </li>
              ))}
              {officialSite && (
                <li>
                  <a className="underline" href={officialSite} rel="noopener noreferrer">{t('footer.website', { brand: brand.organizationName })}</a>
                </li>
              )}
            </ul>
          </div>
        </HiddenWhenEmbedded>
      )}
    </footer>
  );
}
