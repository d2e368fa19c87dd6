import './globals.css';
import type { Metadata, Viewport } from 'next';
import type { CloneInfo } from '@/lib/schemas/client';
import type { Translate } from '@/lib/shared/i18n';
import { readBrand } from '@/lib/server/tenant';
import { brandCssVariables } from '@/lib/client/brand-style';
import { Providers } from '@/components/shell/providers';
import { DeferredShellEffects } from '@/components/shell/deferred-shell-effects';
import { DeferredOfflineOverlay } from '@/components/shell/deferred-offline-overlay';
import { Footer } from '@/components/shell/footer';
import { LoadError, APP_DATA_ERROR } from '@/components/shell/load-error';
import { BlockedScreen } from '@/components/shell/blocked-screen';
import { BlockedEmbedScreen } from '@/components/legal/blocked-embed-screen';
import { EMBEDDED_CONTENT_ID, LazyEmbedGuard } from '@/components/legal/lazy-embed-guard';
import { DeferredLegalBanners } from '@/components/legal/deferred-legal-banners';
import { LEGAL_TOP_SLOT_ID, policyLinks } from '@/components/legal/policy-links';
import { LEGAL_SERVER_BANNER_ID, policyBannerHtml } from '@/components/legal/policy-banner-html';
import { COOKIE_SERVER_NOTICE_ID, cookieNoticeHtml } from '@/components/legal/cookie-notice-html';
import { webAppManifest } from '@/lib/domain/web-app-manifest';
import { NO_SERVER_BANNER, serverLegalBanner, type ServerLegalBanner } from '@/lib/server/legal-banner';
import { serverEmbeddingDecision } from '@/lib/server/embedding-decision';
import { isConsoleRequest } from '@/lib/server/console-session';
import { hasSessionCookie } from '@/lib/server/session';
import { pageLanguage } from '@/lib/server/i18n';
import { fontCss, fontPreloads } from '@/lib/shared/fonts';
import { pickMessages } from '@/lib/shared/message-scopes';

// Root layout: the brand of this host (clone-info, in-process) decides everything else: its
// colours, title and icon; the blocked screen for a blacklisted brand; the app-data reload
// screen when there is no brand here or the call fails; for a brand that requires embedding, the
// server-side embedding decision (a disallowed parent gets only the red screen, no app content,
// so it holds with scripts disabled in the frame), then the in-page guard and the legal banners.
// The console host has no brand: its pages get a plain frame in the console's own colours
// (app/(console), docs/console.md).

/** The console's colours, under the names the brand-neutral components use. */
const CONSOLE_COLOURS = {
  '--brand-primary': '#1e3a8a',
  '--brand-secondary': '#e0e7ff',
  '--brand-text': '#ffffff',
  '--brand-bg': '#f9fafb',
  '--button-width': '100%',
} as React.CSSProperties;

export async function generateMetadata(): Promise<Metadata> {
  if (await isConsoleRequest()) return { title: 'Brand console', robots: { index: false, follow: false } };
  const [result, { t }] = await Promise.all([readBrand(), pageLanguage()]);
  if (!result.ok) return { title: t('shell.loadingError') };
  return {
    title: result.brand.organizationName,
    icons: { icon: result.brand.uiDesignCriteria.clientFavIcon ?? '/favicon.svg' },
    // The brand's installable app (app/manifest.webmanifest/route.ts).
    manifest: '/manifest.webmanifest',
  };
}

export async function generateViewport(): Promise<Viewport> {
  const base: Viewport = { width: 'device-width', initialScale: 1 };
  if (await isConsoleRequest()) return base;
  const result = await readBrand();
  return result.ok ? { ...base, themeColor: webAppManifest(result.brand).theme_color } : base;
}

/**
 * Everything of the app under the brand's shell; the banners load after the page (see
 * DeferredLegalBanners). `legal.unseen`: the policies the server's 'Stay Informed !!!' banner lists, so a
 * visitor who has not accepted them sees it from the first paint instead of having the page pushed
 * down under them later (lib/shared/legal-seen.ts). It is plain HTML outside React's tree, which
 * the browser's own banner replaces (or removes) once it knows.
 */
function appContent(children: React.ReactNode, brand: CloneInfo, legal: ServerLegalBanner, t: Translate) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        {t('shell.skipToContent')}
      </a>
      <div id={LEGAL_SERVER_BANNER_ID} dangerouslySetInnerHTML={{ __html: policyBannerHtml(legal.unseen, policyLinks(brand.uiDesignCriteria), t, legal.first, legal.back) }} />
      <div id={LEGAL_TOP_SLOT_ID} />
      <DeferredOfflineOverlay />
      <DeferredShellEffects />
      {children}
      <Footer brand={brand} t={t} />
      {/* The 'Cookie Notice' as plain HTML too, its Accept a form that works before the scripts (components/legal/cookie-notice-html.ts). */}
      <div id={COOKIE_SERVER_NOTICE_ID} dangerouslySetInnerHTML={{ __html: legal.cookieNotice ? cookieNoticeHtml(policyLinks(brand.uiDesignCriteria)['Cookie Policy'], t, legal.back) : '' }} />
      <DeferredLegalBanners ui={brand.uiDesignCriteria} seenCookie={legal.cookie} />
    </>
  );
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  if (await isConsoleRequest()) {
    return (
      <html lang="en" style={CONSOLE_COLOURS}>
        <body className="min-h-screen bg-gray-50 text-gray-900">
          {children}
        </body>
      </html>
    );
  }
  const [result, language] = await Promise.all([readBrand(), pageLanguage()]);
  const { locale, t } = language;
  if (!result.ok) {
    return (
      <html lang={locale}>
        <body>
          <LoadError message={APP_DATA_ERROR} t={t} />
        </body>
      </html>
    );
  }
  const { brand } = result;
  const ui = brand.uiDesignCriteria;
  const embedding = { isEmbeddingRequired: ui.isEmbeddingRequired, embeddingURL: ui.embeddingURL };
  const decision = brand.serviceStatus === 'Blacklisted' ? 'render' : await serverEmbeddingDecision(embedding);
  // Only for the app's own content (not the blocked screens, which have no banners).
  const legal = brand.serviceStatus === 'Blacklisted' || decision === 'blocked' ? NO_SERVER_BANNER : await serverLegalBanner();
  const sessionCookie = await hasSessionCookie();
  return (
    <html lang={locale} style={brandCssVariables(brand)}>
      {/* The font of the page's script, if it needs one (none for English), asked for at once: lib/shared/fonts.ts. */}
      {fontCss(locale) && (
        <head>
          {fontPreloads(locale).map((href) => <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />)}
          <style dangerouslySetInnerHTML={{ __html: fontCss(locale) }} />
        </head>
      )}
      <body className="flex min-h-[var(--app-height,100vh)] flex-col">
        {brand.serviceStatus === 'Blacklisted' ? (
          <BlockedScreen organizationName={brand.organizationName} />
        ) : decision === 'blocked' ? (
          <BlockedEmbedScreen organizationName={brand.organizationName} officialSite={brand.footer.officialSite} embeddingURL={ui.embeddingURL} t={t} />
        ) : (
          <Providers brand={brand} sessionCookie={sessionCookie} language={{ locale, messages: pickMessages(language.messages, 'shell'), offered: language.offered, timeZone: language.timeZone }}>
            {ui.isEmbeddingRequired ? (
              <>
                <LazyEmbedGuard config={embedding} organizationName={brand.organizationName} officialSite={brand.footer.officialSite} contentId={EMBEDDED_CONTENT_ID} />
                <div id={EMBEDDED_CONTENT_ID} className="contents">
                  {appContent(children, brand, legal, t)}
                </div>
              </>
            ) : (
              appContent(children, brand, legal, t)
            )}
          </Providers>
        )}
      </body>
    </html>
  );
}
