process.env.SESSION_SECRET ??= 'unit-secret-unit-secret-unit-secret-0123456789';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandApi } from '@/lib/api/app';
import { operatorCommands } from '@/lib/operator/commands';
import { cliParity } from '@/lib/console/cli-parity';

// Every operator command has a console equivalent (an endpoint the API really serves) or a
// stated reason it is the deployment's (lib/console/cli-parity.ts).

async function consoleOperations(): Promise<Set<string>> {
  const res = await brandApi().request('/api/openapi.json');
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  const ops = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) ops.add(`${method.toUpperCase()} ${path.replace(/^\/api(?=\/)/, '')}`);
  }
  return ops;
}

describe('command line and console parity', () => {
  it('has an entry for every operator command and none for a command that does not exist', () => {
    expect(Object.keys(cliParity).sort()).toEqual(Object.keys(operatorCommands).sort());
  });

  it('names only endpoints the OpenAPI document lists, and a reason for every deployment-level command', async () => {
    const ops = await consoleOperations();
    expect(ops.has('GET /console/brands/{brand}/codes/{qrId}')).toBe(true);
    const missing: string[] = [];
    for (const [command, entry] of Object.entries(cliParity)) {
      if ('deployment' in entry) {
        expect(entry.deployment.length).toBeGreaterThan(20);
        continue;
      }
      expect(entry.console.length).toBeGreaterThan(0);
      for (const endpoint of entry.console) if (!ops.has(endpoint)) missing.push(`${command}: ${endpoint}`);
    }
    expect(missing).toEqual([]);
  });

  it('leaves to the deployment only creating, listing and switching whole brands, and approving a domain', () => {
    const deployment = Object.entries(cliParity).filter(([, e]) => 'deployment' in e).map(([name]) => name).sort();
    expect(deployment).toEqual(['approve-domain', 'create', 'list', 'set-status']);
  });

  it('is the table of docs/console.md, one row per command', () => {
    const doc = readFileSync(join(process.cwd(), 'docs/console.md'), 'utf8');
    const section = doc.split('## Command line and console')[1]?.split('\n## ')[0] ?? '';
    const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]).sort();
    expect(rows).toEqual(Object.keys(cliParity).sort());
  });
});
