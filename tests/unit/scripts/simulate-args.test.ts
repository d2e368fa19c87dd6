import { spawnSync } from 'node:child_process';
import path from 'node:path';

// `npm run simulate`'s options (docs/verification.md, "Simulation"): a value it cannot use ends the
// command at once, naming the option, before anything is loaded or simulated.

const script = path.join(process.cwd(), 'scripts/simulate.mjs');
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('npm run simulate refuses a bad option naming it', () => {
  it.each([
    [['--offer-share', '2'], '--offer-share: must be a number from 0 to 1'],
    [['--offer-share', 'half'], '--offer-share: must be a number from 0 to 1'],
    [['--offer-share'], '--offer-share: must be a number from 0 to 1'],
    [['--ip-only-share', '-0.1'], '--ip-only-share: must be a number from 0 to 1'],
    [['--seed', '1.5'], '--seed: must be a whole number'],
  ])('%j', (args, message) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(message);
    expect(r.stdout).toBe('');
  });
});
