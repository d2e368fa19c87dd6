// A counter of brand changes made in this process (operator commands), on globalThis because Next
// bundles the API and the pages into separate module graphs. Caches of brand data compare it to
// drop what they hold as soon as a brand changes here (lib/brands/find-client.ts,
// lib/server/tenant.ts).

const g = globalThis as unknown as { __brandGeneration?: number };

export const brandGeneration = (): number => g.__brandGeneration ?? 0;

export function bumpBrandGeneration() {
  g.__brandGeneration = brandGeneration() + 1;
}
