import { env, resetEnvCache } from '@/lib/edge/env';

// DEMO_BRAND: the demo brand on localhost is seeded by default with the embedded database only.
describe('DEMO_BRAND', () => {
  const saved = { DEMO_BRAND: process.env.DEMO_BRAND, DATABASE_URL: process.env.DATABASE_URL };
  const withEnv = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    return env();
  };
  afterEach(() => withEnv(saved));

  it('is on for the embedded database and off with DATABASE_URL, unless set', () => {
    expect(withEnv({ DEMO_BRAND: undefined, DATABASE_URL: undefined }).DEMO_BRAND).toBe('on');
    expect(withEnv({ DEMO_BRAND: '', DATABASE_URL: 'postgres://db/app' }).DEMO_BRAND).toBe('off');
    expect(withEnv({ DEMO_BRAND: 'on', DATABASE_URL: 'postgres://db/app' }).DEMO_BRAND).toBe('on');
    expect(withEnv({ DEMO_BRAND: 'off', DATABASE_URL: undefined }).DEMO_BRAND).toBe('off');
  });

  it('names the variable when it is neither on nor off', () => {
    expect(() => withEnv({ DEMO_BRAND: 'yes' })).toThrow(/DEMO_BRAND/);
  });
});
