import type { CloneInfo } from '@/lib/schemas/client';

// The brand's web app manifest (GET /manifest.webmanifest): what a phone shows when a customer
// puts the brand's app on the home screen. Its name, colours and icons come from the brand's
// settings (clone-info); a colour that is not a plain hex colour, or an icon that is not an
// https or same-site image, is left out for the defaults. Pure: no I/O.

export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' }[];
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const colour = (value: string | null | undefined, fallback: string) => (value && HEX.test(value.trim()) ? value.trim() : fallback);

const TYPES: Record<string, string> = { png: 'image/png', svg: 'image/svg+xml', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', ico: 'image/x-icon' };

function iconOf(src: string | null | undefined): WebAppManifest['icons'][number] | undefined {
  if (!src) return undefined;
  const safe = src.startsWith('/') && !src.startsWith('//') ? true : /^https:\/\//i.test(src);
  if (!safe) return undefined;
  const ext = /\.([a-z]{3,4})(?:[?#].*)?$/i.exec(src)?.[1]?.toLowerCase();
  const type = ext ? TYPES[ext] : undefined;
  if (!type) return undefined;
  return { src, sizes: type === 'image/svg+xml' ? 'any' : '512x512', type, purpose: 'any' };
}

/** A short name fits under an icon: the name up to its first 12 characters, at a word's end where it can. */
function shortName(name: string): string {
  if (name.length <= 12) return name;
  const cut = name.slice(0, 12);
  const space = cut.lastIndexOf(' ');
  return space >= 4 ? cut.slice(0, space) : cut;
}

export function webAppManifest(brand: Pick<CloneInfo, 'organizationName' | 'uiDesignCriteria'>): WebAppManifest {
  const ui = brand.uiDesignCriteria;
  const name = brand.organizationName.trim() || 'Brand Verify';
  const icons = [iconOf(ui.clientLogo), iconOf(ui.clientFavIcon)].filter((i): i is NonNullable<typeof i> => i !== undefined);
  return {
    id: '/',
    name,
    short_name: shortName(name),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: colour(ui.backgroundColor, '#ffffff'),
    theme_color: colour(ui.primaryColor, '#1f4fd8'),
    icons: icons.length ? icons : [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}
