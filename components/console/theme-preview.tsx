'use client';
import { gradient, gradientBackground, textColorFor } from '@/lib/domain/theme';

// The customer app in a phone frame, drawn from the draft theme as the manager edits it (nothing
// is saved until they say so): the header with logo and name, the home screen's tiles, a verify
// verdict on the brand's gradient, the brand's button and the footer. The customer app derives the
// same colours from the same rules (lib/domain/theme.ts, via clone-info).

export type PreviewTheme = {
  primaryColor: string;
  secondaryColor: string;
  backgroundColor: string;
  gradientAngle: number;
  clientLogo: string | null;
  clientLogoBGColor: string;
  isfooterIncluded: boolean;
};

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A colour still being typed is drawn with the last saved one. */
const colour = (draft: string, fallback: string) => (HEX.test(draft) ? draft : fallback);

export function ThemePreview({ theme, saved, brandName, footerText }: { theme: PreviewTheme; saved: PreviewTheme; brandName: string; footerText: string }) {
  const primary = colour(theme.primaryColor, saved.primaryColor);
  const secondary = colour(theme.secondaryColor, saved.secondaryColor);
  const background = colour(theme.backgroundColor, saved.backgroundColor);
  const logoBg = colour(theme.clientLogoBGColor, saved.clientLogoBGColor);
  const angle = Number.isFinite(theme.gradientAngle) ? Math.min(360, Math.max(0, theme.gradientAngle)) : saved.gradientAngle;
  const text = textColorFor(primary);
  return (
    <figure className="mx-auto w-[300px]" aria-labelledby="phone-preview-caption">
      <div
        data-testid="phone-preview"
        data-primary={primary}
        className="overflow-hidden rounded-[2.2rem] border-[10px] border-gray-900 shadow-lg"
        style={{ background, height: 560 }}
        aria-hidden="true"
      >
        <div className="mx-auto h-5 w-24 rounded-b-xl bg-gray-900" />
        <div data-testid="preview-header" className="flex items-center gap-2 px-3 py-2 font-bold" style={{ background: primary, color: text }}>
          {theme.clientLogo && (
            // eslint-disable-next-line @next/next/no-img-element -- a brand logo is a data: or remote URL
            <img src={theme.clientLogo} alt="" className="h-7 w-7 rounded object-contain p-0.5" style={{ background: logoBg }} />
          )}
          <span className="truncate text-sm">{brandName}</span>
        </div>
        <div className="px-3 py-3">
          <p className="text-base font-bold text-gray-900">Hello</p>
          <p className="mb-2 text-xs text-gray-800">What would you like to do with {brandName} today?</p>
          <div className="grid grid-cols-2 gap-2">
            {['Verify a product', 'My products'].map((t) => (
              <div key={t} className="rounded-lg border bg-white p-2 text-xs font-semibold text-gray-900" style={{ borderColor: primary }}>
                {t}
              </div>
            ))}
          </div>
          <div
            data-testid="preview-verdict"
            className="mt-3 rounded-xl p-3 text-center"
            style={{ backgroundColor: gradientBackground(primary, secondary), backgroundImage: gradient(primary, secondary, angle), color: textColorFor(gradientBackground(primary, secondary)) }}
          >
            <p className="text-sm font-bold">Genuine product</p>
            <p className="text-xs">This product is authentic.</p>
          </div>
          <div className="mt-3 rounded-lg px-3 py-2 text-center text-sm font-semibold" style={{ background: primary, color: text }} data-testid="preview-button">
            Scan a QR code
          </div>
        </div>
        {theme.isfooterIncluded && (
          <div className="mt-2 border-t border-gray-300 bg-white px-3 py-2 text-[10px] text-gray-800">
            {footerText || 'Terms of use · Privacy policy'}
          </div>
        )}
      </div>
      <figcaption id="phone-preview-caption" className="mt-2 text-center text-sm text-gray-700">
        Preview of the customer app with these settings (not saved yet)
      </figcaption>
    </figure>
  );
}
