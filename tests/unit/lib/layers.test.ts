import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The import boundaries of docs/architecture.md ("Layers") bite: each file below crosses one
// and lint refuses it with the named rule; the allowed imports beside them pass clean.

const ROOT = path.resolve(__dirname, '../../..');
const PATHS = 'import/no-restricted-paths';
const PACKAGES = 'no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';

type Case = { path: string; code: string };
type Answer = Case & { rules: string[] };

const use = (specifier: string, typeOnly = false) =>
  typeOnly ? `import type { X } from '${specifier}';\nexport type Y = X;\n` : `import * as m from '${specifier}';\nexport const y = m;\n`;

const refused: [file: string, specifier: string, rule: string, typeOnly?: boolean][] = [
  // pure layers: nothing server-only, browser-only, Edge-only
  ['lib/shared/probe.ts', '@/lib/server/session', PATHS],
  ['lib/shared/probe.ts', '@/lib/edge/env', PATHS],
  ['lib/domain/probe.ts', '@/lib/db/client', PATHS],
  ['lib/domain/probe.ts', '@/lib/api/app', PATHS],
  ['lib/schemas/probe.ts', '@/lib/client/http', PATHS],
  ['lib/schemas/probe.ts', '@/components/ui/page', PATHS],
  ['lib/domain/probe.ts', '@/lib/operator/commands', PATHS],
  ['lib/shared/probe.ts', 'server-only', PACKAGES],
  ['lib/domain/probe.ts', 'next/headers', PACKAGES],
  ['lib/schemas/probe.ts', 'next/server', PACKAGES],
  ['lib/shared/probe.ts', 'node:crypto', PACKAGES],
  // below the API
  ['lib/operator/probe.ts', '@/lib/api/app', PATHS],
  ['lib/db/probe.ts', '@/lib/api/define-route', PATHS],
  ['lib/auth/probe.ts', '@/lib/api/guards', PATHS],
  ['lib/messaging/probe.ts', '@/lib/api/app', PATHS],
  ['lib/files/probe.ts', '@/lib/api/app', PATHS],
  ['lib/errors.ts', '@/lib/api/app', PATHS],
  ['lib/auth/probe.ts', '@/lib/server/session', PATHS],
  ['lib/operator/probe.ts', '@/lib/server/tenant', PATHS],
  ['lib/places/probe.ts', '@/lib/server/api-fetch', PATHS],
  ['lib/console/probe.ts', '@/lib/server/console-session', PATHS],
  ['lib/console/probe.ts', '@/lib/operator/catalog-export', PATHS],
  // the console's one button kit (eslint.config.mjs): not the customer screens' button
  ['components/console/probe.tsx', '@/components/ui/button', SYNTAX],
  ['app/(console)/console/[brand]/probe/page.tsx', '@/components/ui/button', SYNTAX],
  // browser code
  ['components/probe/probe.tsx', '@/lib/server/session', PATHS],
  ['components/probe/probe.tsx', '@/lib/db/client', PATHS],
  ['components/probe/probe.tsx', '@/lib/api/app', PATHS, true],
  ['components/probe/probe.tsx', '@/lib/edge/env', PATHS],
  ['lib/client/probe.ts', '@/lib/operator/commands', PATHS],
  ['lib/client/probe.ts', '@/lib/api/define-route', PATHS, true],
  ['lib/client/probe.ts', 'server-only', PACKAGES],
  ['components/probe/probe.tsx', 'next/headers', PACKAGES],
  // a server component beside client ones reads through lib/server only
  ['components/probe/probe.server.tsx', '@/lib/db/client', PATHS],
  ['components/probe/probe.server.tsx', '@/lib/api/app', PATHS],
  ['components/probe/probe.server.tsx', 'node:fs', PACKAGES],
  // server code does not reach into the browser layers
  ['lib/server/probe.ts', '@/components/ui/page', PATHS],
  ['lib/api/probe.ts', '@/lib/client/http', PATHS],
  // the Edge layer and the middleware
  ['lib/edge/probe.ts', '@/lib/server/tenant', PATHS],
  ['lib/edge/probe.ts', '@/lib/db/client', PATHS],
  ['lib/edge/probe.ts', 'node:fs', PACKAGES],
  ['middleware.ts', '@/lib/server/session', PATHS],
  ['middleware.ts', '@/lib/api/app', PATHS],
  ['middleware.ts', '@/lib/brands/find-client', PATHS],
  ['middleware.ts', '@/lib/client/http', PATHS],
  ['middleware.ts', 'server-only', PACKAGES],
  // a console page reads through callRoute of its area's route, not the use cases
  ['app/(console)/console/[brand]/probe/page.tsx', '@/lib/console/codes', PACKAGES],
  ['app/(console)/console/[brand]/probe/page.tsx', '@/lib/console/codes/search-codes', PACKAGES],
];

const allowed: [file: string, specifier: string][] = [
  ['lib/shared/probe.ts', '@/lib/domain/verdict'],
  ['lib/domain/probe.ts', '@/lib/shared/routes'],
  ['lib/schemas/probe.ts', 'zod'],
  ['lib/edge/probe.ts', '@/lib/shared/host'],
  ['middleware.ts', '@/lib/edge/env'],
  ['middleware.ts', '@/lib/domain/embedding'],
  ['components/probe/probe.tsx', '@/lib/client/http'],
  ['components/probe/probe.tsx', '@/lib/schemas/verify'],
  ['components/probe/probe.server.tsx', '@/lib/server/session'],
  ['components/probe/probe.server.tsx', 'server-only'],
  ['lib/api/probe.ts', '@/lib/operator/commands'],
  ['lib/operator/probe.ts', '@/lib/errors'],
  ['lib/operator/probe.ts', '@/lib/console/codes'],
  ['lib/auth/probe.ts', '@/lib/secrets'],
  ['lib/api/probe.ts', '@/lib/places/gazetteer'],
  ['app/probe/page.tsx', '@/lib/server/session'],
  ['app/(console)/console/[brand]/probe/page.tsx', '@/lib/server/call-route'],
  ['app/(console)/console/[brand]/probe/page.tsx', '@/lib/schemas/console'],
];

function lint(cases: Case[]): Answer[] {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'tests/support/lint-layers.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(cases),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`eslint run failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Answer[];
}

describe('layer boundaries (eslint.layers.mjs)', () => {
  const answers = lint([
    ...refused.map(([file, specifier, , typeOnly]) => ({ path: file, code: use(specifier, typeOnly) })),
    ...allowed.map(([file, specifier]) => ({ path: file, code: use(specifier) })),
  ]);

  it.each(refused.map(([file, specifier, rule, typeOnly = false], i) => [file, specifier, rule, typeOnly, i] as const))('%s may not import %s (%s)', (file, specifier, rule, typeOnly, i) => {
    const answer = answers[i]!;
    expect(answer).toMatchObject({ path: file, code: use(specifier, typeOnly) });
    expect(answer.rules).toContain(rule);
  });

  it.each(allowed.map(([file, specifier], i) => [file, specifier, refused.length + i] as const))('%s may import %s', (file, specifier, i) => {
    const answer = answers[i]!;
    expect(answer).toMatchObject({ path: file, code: use(specifier) });
    expect(answer.rules.filter((r) => r === PATHS || r === PACKAGES || r.startsWith('fatal'))).toEqual([]);
  });
});
