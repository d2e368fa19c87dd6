import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';

// The scripts are type-checked from their JSDoc (tsconfig.scripts.json); here, what the tests use.
type Patch = { name: string; file: string; next: string[]; relies: string };
type Fence = {
  checkFrameworkVersion: (version?: string) => void;
  nextVersion: () => string;
  patchesOutside: (version?: string) => Patch[];
  PATCHES: Patch[];
};
let checkFrameworkVersion: Fence['checkFrameworkVersion'];
let nextVersion: Fence['nextVersion'];
let patchesOutside: Fence['patchesOutside'];
let PATCHES: Fence['PATCHES'];
let BUILTIN_GLOBAL_ERROR: RegExp;
let ScriptHolder: typeof import('../../../scripts/paint-first.mjs').ScriptHolder;
beforeAll(async () => {
  // Native ES modules, loaded as the launcher loads them.
  const fence = '../../../scripts/framework-patches.mjs';
  const css = '../../../scripts/global-error-css.mjs';
  ({ checkFrameworkVersion, nextVersion, patchesOutside, PATCHES } = (await import(fence)) as Fence);
  ({ BUILTIN_GLOBAL_ERROR } = (await import(css)) as { BUILTIN_GLOBAL_ERROR: RegExp });
  ({ ScriptHolder } = await import('../../../scripts/paint-first.mjs'));
});

// The contract of each framework patch (scripts/framework-patches.mjs) with the installed Next.js:
// the shape each relies on, checked on the framework's own code, so an upgrade that changes one
// fails here, naming the patch, before a build or a server runs it. docs/decisions.md
// ("Framework patches") says when each may be deleted.

const nextFile = (rel: string) => readFileSync(require.resolve(`next/dist/${rel}`), 'utf8');

describe('the version fence', () => {
  it('holds every patch to the Next.js versions it was written for, the installed one among them', () => {
    expect(PATCHES.map((p) => p.file).sort()).toEqual(['scripts/compile-hints.mjs', 'scripts/global-error-css.mjs', 'scripts/paint-first.mjs']);
    expect(patchesOutside(nextVersion())).toEqual([]);
    expect(() => checkFrameworkVersion()).not.toThrow();
  });

  it('refuses another minor version, or a prerelease, naming every patch and where to decide', () => {
    for (const version of ['16.5.0', '17.0.0', '16.3.9', '16.4.7-canary.1']) {
      let message = '';
      try {
        checkFrameworkVersion(version);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toContain(`Next.js ${version} is not a version these patches were written for`);
      for (const p of PATCHES) expect(message).toContain(`${p.name} (${p.file}): written for Next.js 16.4.x`);
      expect(message).toContain('docs/decisions.md');
    }
    expect(() => checkFrameworkVersion('16.4.99')).not.toThrow();
  });
});

describe('compile hints and the global error stylesheet: the manifests Next.js reads', () => {
  it('reads each page’s client reference manifest from server/app/<page>_client-reference-manifest.js, under globalThis.__RSC_MANIFEST[page]', () => {
    const source = nextFile('server/load-components.js');
    expect(source).toMatch(/'server', 'app', entryName \+ '_' \+ _constants\.CLIENT_REFERENCE_MANIFEST \+ '\.js'/);
    expect(source).toContain('context.__RSC_MANIFEST[entryName]');
    expect(require('next/dist/shared/lib/constants').CLIENT_REFERENCE_MANIFEST).toBe('client-reference-manifest');
  });

  it('asks for the root files of build-manifest.json first (rootMainFiles) and a page’s entry scripts and stylesheets from entryJSFiles and entryCSSFiles', () => {
    expect(nextFile('server/app-render/required-scripts.js')).toContain('buildManifest.rootMainFiles');
    const tags = nextFile('server/app-render/get-css-inlined-link-tags.js');
    expect(tags).toContain('const { entryCSSFiles, entryJSFiles } = (0, _manifestssingleton.getClientReferenceManifest)();');
    expect(tags).toContain('entryCSSFiles[filePathWithoutExt]');
  });

  it('has the built-in global error the stylesheet patch looks for, at the path its manifest key names', () => {
    const file = require.resolve('next/dist/client/components/builtin/global-error');
    expect(BUILTIN_GLOBAL_ERROR.test(`[project]/node_modules/next/dist/client/components/builtin/global-error`)).toBe(true);
    expect(file.replace(/\.js$/, '')).toMatch(BUILTIN_GLOBAL_ERROR);
    // It styles itself inline and imports no stylesheet: emptying its list takes nothing from it.
    expect(readFileSync(file, 'utf8')).not.toMatch(/\.css['"]/);
  });
});

describe('scripts after the first paint: the HTML Next.js’s React writes', () => {
  it('writes the first-load scripts as <script src async> and their preloads as links the holder recognises', async () => {
    // Next's own copy of React, as the app router renders with it.
    const React = require('next/dist/compiled/react');
    const ReactDOM = require('next/dist/compiled/react-dom');
    const { renderToPipeableStream } = require('next/dist/compiled/react-dom/server.node');
    function Page() {
      ReactDOM.preinit('/_next/static/chunks/page.js', { as: 'script' });
      return React.createElement('html', null, React.createElement('body', null, React.createElement('p', null, 'Genuine')));
    }
    const html = await new Promise<string>((resolve, reject) => {
      let out = '';
      const stream = renderToPipeableStream(React.createElement(Page), {
        bootstrapScripts: ['/_next/static/chunks/main.js'],
        onAllReady: () => stream.pipe(new Writable({ write: (c, _e, cb) => ((out += c), cb()), final: (cb) => (resolve(out), cb()) })),
        onError: reject,
      });
    });
    const holder = new ScriptHolder();
    const rewritten = holder.push(html) + holder.end();
    expect(holder.held).toBeGreaterThanOrEqual(2); // the page's script and the bootstrap's preload
    expect(rewritten).not.toContain('<script src="/_next/static/chunks/page.js" async=""></script>');
    expect(rewritten).toContain('x-held-script');
    expect(rewritten).toContain('x-held-preload');
  });

  it("writes a layout's stylesheet as the precedence link the holder writes inline, which Next.js's React client takes as loaded", async () => {
    const React = require('next/dist/compiled/react');
    const { renderToPipeableStream } = require('next/dist/compiled/react-dom/server.node');
    // As Next.js renders a layout's CSS without inlineCss (next/dist/server/app-render/render-css-resource.js).
    function Page() {
      return React.createElement(
        'html',
        null,
        React.createElement('body', null, React.createElement('link', { rel: 'stylesheet', href: '/_next/static/chunks/app.css', precedence: 'next', nonce: 'n0' }), React.createElement('p', null, 'Genuine')),
      );
    }
    const html = await new Promise<string>((resolve, reject) => {
      let out = '';
      const stream = renderToPipeableStream(React.createElement(Page), {
        nonce: 'n0',
        onAllReady: () => stream.pipe(new Writable({ write: (c, _e, cb) => ((out += c), cb()), final: (cb) => (resolve(out), cb()) })),
        onError: reject,
      });
    });
    const holder = new ScriptHolder((href) => (href === '/_next/static/chunks/app.css' ? 'p{color:red}' : undefined));
    const rewritten = holder.push(html) + holder.end();
    expect(rewritten).toMatch(/<head>.*<style nonce="n0" data-precedence="next">p\{color:red\}<\/style><link rel="stylesheet" href="\/_next\/static\/chunks\/app.css" nonce="n0" data-precedence="next" disabled=""\/>/s);
    // Next.js writes a layout's stylesheet as that link when it does not inline it itself.
    const cssResource = readFileSync(require.resolve('next/dist/server/app-render/render-css-resource.js'), 'utf8');
    expect(cssResource).toMatch(/createElement\('link', \{[^}]*rel: 'stylesheet',\s*href: fullHref,\s*precedence: precedence/);
    // The client's own test for a stylesheet already in the page, and its preload's: the selector
    // the disabled link must match (React DOM's getStylesheetSelectorFromKey).
    const client = readFileSync(require.resolve('next/dist/compiled/react-dom/cjs/react-dom-client.production.js'), 'utf8');
    expect(client).toContain(`return 'link[rel="stylesheet"][' + key + "]";`);
    expect(client).toMatch(/"style" === as &&\s*ownerDocument\.querySelector\(getStylesheetSelectorFromKey\(key\)\)/);
  });
});
