import { z } from 'zod';
import { cloneInfoSchema } from '@/lib/schemas/client';
import { FEATURE_FLAGS, answeredFlagsShape, featureFlagsSchema, featureKeyOfFlag } from '@/lib/schemas/feature-flags';
import { defaultClientConfig } from '@/lib/schemas/client-config';
import { getCloneInfo } from '@/lib/api/client/get-clone-info';
import type { ClientRow } from '@/lib/brands/find-client';

// The flag list is the configuration's schema: clone-info and the page gate take it from there,
// so a flag cannot be dropped or misspelt on the way to a brand's pages.

describe('the brand flags', () => {
  it('are the keys of the configuration schema, each with its feature key', () => {
    expect(FEATURE_FLAGS).toEqual(Object.keys(featureFlagsSchema.shape));
    expect(Object.keys(featureKeyOfFlag).sort()).toEqual([...FEATURE_FLAGS].sort());
  });

  it('are all required booleans of the clone-info answer', () => {
    for (const flag of FEATURE_FLAGS) {
      expect(cloneInfoSchema.shape).toHaveProperty(flag);
      expect(cloneInfoSchema.shape[flag].safeParse(undefined).success).toBe(false);
      expect(cloneInfoSchema.shape[flag].safeParse(true).success).toBe(true);
    }
  });

  it('carry a flag added to the configuration schema into the answer schema by themselves', () => {
    const grown = featureFlagsSchema.extend({ isSomethingNewEnabled: z.boolean().default(false) });
    const answered = z.object(answeredFlagsShape(grown));
    expect(Object.keys(answered.shape)).toEqual([...FEATURE_FLAGS, 'isSomethingNewEnabled']);
    const all = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false]));
    expect(answered.safeParse(all).success).toBe(false); // the new flag may not be left out
    expect(answered.parse({ ...all, isSomethingNewEnabled: true, stray: 1 })).toEqual({ ...all, isSomethingNewEnabled: true });
  });

  it('reach clone-info as the brand set them', () => {
    const config = defaultClientConfig();
    const flags = Object.fromEntries(FEATURE_FLAGS.map((f, i) => [f, i % 2 === 0]));
    const row = { id: 'c1', organizationName: 'Acme', organizationType: 'Manufacturer', serviceStatus: 'Whitelisted', config: { ...config, flags } } as unknown as ClientRow;
    const answer = cloneInfoSchema.parse(getCloneInfo(row));
    for (const f of FEATURE_FLAGS) expect({ f, on: answer[f] }).toEqual({ f, on: flags[f] });
    expect(answer.servicesEnabled).toEqual(['anti_counterfeiting', ...FEATURE_FLAGS.filter((f) => flags[f]).map((f) => featureKeyOfFlag[f])]);
  });
});
