import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { PORT, createBrand, operator, type Brand } from './support';

// A brand's shop site on another origin, for the embedding tests: a tiny http server answering
// any *.localhost host. GET /shop/<brand domain>?path=<app path> frames the app of that brand at
// that path (the ?path= the app's redirect of a verify page carries). /probe-cookie serves a
// page that sets a cookie, to tell whether the browser blocks third-party cookies.

export type Shop = { port: number; url: (host: string, brandDomain: string, appPath?: string) => string; close: () => Promise<void> };

function shopPage(brandDomain: string, appPath: string): string {
  const src = `http://${brandDomain}:${PORT}${appPath.startsWith('/') ? appPath : '/'}`;
  return `<!doctype html><html><head><title>Brand shop</title></head><body>
<h1>Brand shop</h1>
<iframe id="app" title="app" src="${src.replace(/"/g, '&quot;')}" style="width:390px;height:700px;border:1px solid #999"></iframe>
<iframe id="probe" title="probe" src="" style="display:none"></iframe>
</body></html>`;
}

export async function startShop(): Promise<Shop> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/shop/')) {
      const brandDomain = decodeURIComponent(url.pathname.slice('/shop/'.length)).replace(/[^a-z0-9.-]/g, '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(shopPage(brandDomain, url.searchParams.get('path') ?? '/'));
      return;
    }
    if (url.pathname === '/probe-cookie') {
      // One unpartitioned and one partitioned cookie; the page shows which the browser kept.
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': ['plain=1; Path=/; SameSite=None; Secure', 'chips=1; Path=/; SameSite=None; Secure; Partitioned'],
      });
      res.end('<!doctype html><p id="cookies"></p><script>setTimeout(()=>{document.getElementById("cookies").textContent="cookies:"+document.cookie},0)</script>');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (host, brandDomain, appPath) => `http://${host}:${port}/shop/${brandDomain}${appPath ? `?path=${encodeURIComponent(appPath)}` : ''}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A brand that requires embedding in the shop at shop.localhost:<shop port>. */
export async function createEmbeddingBrand(shop: Shop): Promise<Brand & { embeddingURL: string }> {
  const slug = `emb-${Math.random().toString(36).slice(2, 10)}`;
  const embeddingURL = `http://shop.localhost:${shop.port}/shop/${slug}.localhost`;
  const brand = await createBrand({ ui: { isEmbeddingRequired: true, embeddingURL } }, undefined, slug);
  return { ...brand, embeddingURL };
}

/** The app's frame in the shop page, once React made it interactive. */
export async function appFrame(page: Page): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe#app');
  await frame.locator('html[data-hydrated="true"]').waitFor();
  return frame;
}

/** Blocks third-party cookies in this browser context (Chromium's cookie controls over CDP). */
export async function blockThirdPartyCookies(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCookieControls' as never, {
    enableThirdPartyCookieRestriction: true,
    disableThirdPartyCookieMetadata: false,
    disableThirdPartyCookieHeuristics: true,
  } as never);
}

/** Which of the probe cookies a frame of `host` kept under the shop page (e.g. 'plain=1; chips=1'). */
export async function probeCookies(page: Page, shop: Shop, host = 'probe.localhost'): Promise<string> {
  const probe = page.frameLocator('iframe#probe');
  await page.locator('iframe#probe').evaluate((el, src) => ((el as HTMLIFrameElement).src = src), `http://${host}:${shop.port}/probe-cookie`);
  await page.locator('iframe#probe').evaluate((el, src) => ((el as HTMLIFrameElement).src = src), `http://${host}:${shop.port}/probe-cookie?again=1`);
  const text = probe.locator('#cookies');
  await expect(text).toHaveText(/^cookies:/);
  return (await text.textContent())!.replace(/^cookies:/, '');
}

/** Publishes a Markdown document of a type for a brand through the operator endpoint. */
export async function publishLegal(slug: string, type: 'Terms & Conditions' | 'Privacy Policy' | 'Cookie Policy', body: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'legal-e2e-'));
  const file = path.join(dir, 'doc.md');
  writeFileSync(file, body);
  return operator('publish-legal', { slug, type, file }) as Promise<{ documentId: string; version: number }>;
}
