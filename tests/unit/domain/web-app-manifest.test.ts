import { webAppManifest } from '@/lib/domain/web-app-manifest';

// The brand's web app manifest: name, colours and icons from its settings; anything unsafe or
// unknown left out for the defaults.

const ui = (over: Record<string, unknown> = {}) =>
  ({ primaryColor: '#112233', backgroundColor: '#ffffff', clientLogo: null, clientFavIcon: null, ...over }) as never;

describe('webAppManifest', () => {
  it('names the brand, with a short name that fits under an icon', () => {
    const m = webAppManifest({ organizationName: 'Acme Health Foods', uiDesignCriteria: ui() });
    expect(m).toMatchObject({ name: 'Acme Health Foods', short_name: 'Acme Health', start_url: '/', scope: '/', display: 'standalone', id: '/' });
    expect(webAppManifest({ organizationName: 'Acme', uiDesignCriteria: ui() }).short_name).toBe('Acme');
    expect(webAppManifest({ organizationName: 'Supercalifragilistic', uiDesignCriteria: ui() }).short_name).toBe('Supercalifra');
  });

  it("takes the brand's colours, and the defaults for anything that is not a hex colour", () => {
    expect(webAppManifest({ organizationName: 'A', uiDesignCriteria: ui({ primaryColor: '#aa3300', backgroundColor: '#fafafa' }) })).toMatchObject({ theme_color: '#aa3300', background_color: '#fafafa' });
    expect(webAppManifest({ organizationName: 'A', uiDesignCriteria: ui({ primaryColor: 'red;}', backgroundColor: 'url(x)' }) })).toMatchObject({ theme_color: '#1f4fd8', background_color: '#ffffff' });
  });

  it('lists the logo and icon when they are https or same-site images of a known type, else the default icon', () => {
    const m = webAppManifest({ organizationName: 'A', uiDesignCriteria: ui({ clientLogo: 'https://cdn.example/logo.png?v=2', clientFavIcon: '/files/icon.svg' }) });
    expect(m.icons).toEqual([
      { src: 'https://cdn.example/logo.png?v=2', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/files/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
    for (const bad of ['http://cdn.example/logo.png', '//evil.example/logo.png', 'javascript:alert(1)//.png', 'https://cdn.example/logo']) {
      expect(webAppManifest({ organizationName: 'A', uiDesignCriteria: ui({ clientLogo: bad }) }).icons).toEqual([{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]);
    }
  });
});
