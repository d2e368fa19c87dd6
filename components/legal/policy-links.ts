import type { LegalDocumentType } from '@/lib/schemas/legal';
import type { MessageKey } from '@/lib/shared/i18n';

// Where each policy is read. An embedding brand may name its own pages
// (embedding_App_Terms_And_Conditions_URL, embedding_App_Privacy_Policy_URL); otherwise the
// app's /terms-of-use and /privacy-policy. The Cookie Policy is shown on /privacy-policy, below
// the Privacy Policy, in the section with id "cookie-policy".

export type PolicyUrlConfig = {
  embedding_App_Privacy_Policy_URL: string | null;
  embedding_App_Terms_And_Conditions_URL: string | null;
};

export const COOKIE_POLICY_ANCHOR = 'cookie-policy';

/**
 * Id of the empty element at the top of the page (app/layout.tsx) that the 'Stay Informed !!!'
 * banner renders into: in the page's flow above the header, so it pushes the page down instead of
 * covering the top of it (a verdict's heading on a phone).
 */
export const LEGAL_TOP_SLOT_ID = 'legal-top';

/** The names the banners and the footer show (spec section 2), by catalogue key. */
export const POLICY_LABEL_KEYS: Record<LegalDocumentType, MessageKey> = {
  'Terms & Conditions': 'legal.terms',
  'Privacy Policy': 'legal.privacy',
  'Cookie Policy': 'legal.cookiePolicy',
};

export function policyLinks(ui: PolicyUrlConfig): Record<LegalDocumentType, string> {
  return {
    'Terms & Conditions': ui.embedding_App_Terms_And_Conditions_URL ?? '/terms-of-use',
    'Privacy Policy': ui.embedding_App_Privacy_Policy_URL ?? '/privacy-policy',
    'Cookie Policy': `/privacy-policy#${COOKIE_POLICY_ANCHOR}`,
  };
}

/** Links to another site open in a new tab, so the app (maybe in a frame) keeps its place. */
export function linkTarget(href: string): { target?: '_blank'; rel?: string } {
  return /^https?:\/\//i.test(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
