import './globals.css';
import type { Metadata, Viewport } from 'next';
import { readBrand } from '@/lib/server/tenant';
import { brandCssVariables } from '@/lib/client/brand-style';
import { Providers } from '@/components/shell/providers';
import { ShellEffects } from '@/components/shell/shell-effects';
import { Footer } from '@/components/shell/footer';
import { LoadError, APP_DATA_ERROR } from '@/components/shell/load-error';
import { BlockedScreen } from '@/components/shell/blocked-screen';

// Root layout: the brand of this host (clone-info, in-process) decides everything else: its
// colours, title and icon; the blocked screen for a blacklisted brand; the app-data reload
// screen when there is no brand here or the call fails.

export async function generateMetadata(): Promise<Metadata> {
  const result = await readBrand();
  if (!result.ok) return { title: 'Loading Error' };
  return {
    title: result.brand.organizationName,
    icons: { icon: result.brand.uiDesignCriteria.clientFavIcon ?? '/favicon.svg' },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const result = await readBrand();
  if (!result.ok) {
    return (
      <html lang="en">
        <body>
          <LoadError message={APP_DATA_ERROR} />
        </body>
      </html>
    );
  }
  const { brand } = result;
  return (
    <html lang="en" style={brandCssVariables(brand)}>
      <body className="flex min-h-[var(--app-height,100vh)] flex-col">
        {brand.serviceStatus === 'Blacklisted' ? (
          <BlockedScreen organizationName={brand.organizationName} />
        ) : (
          <Providers brand={brand}>
            <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
              Skip to content
            </a>
            <ShellEffects />
            {children}
            <Footer />
          </Providers>
        )}
      </body>
    </html>
  );
}
