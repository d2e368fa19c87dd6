// The project's TypeScript modules that the scripts load through tsx (`require` of tsx/cjs/api,
// which answers `any`), as the scripts use them. Declared here rather than imported from lib/, so
// that type-checking the scripts (tsconfig.scripts.json) does not check the whole app a second
// time; scripts/app-modules.check.ts holds each declaration to the module it describes
// (`npm run typecheck`).

/** lib/operator/run-local.ts */
export interface RunLocalModule {
  runLocal(command: string, args: unknown): Promise<{ ok: true; result: unknown } | { ok: false; status: number; body: { errorMessage: string; code: string } }>;
}

/** lib/operator/summaries.ts */
export interface SummariesModule {
  commandSummaries(): Record<string, string>;
}

/** lib/db/client.ts */
export interface DbClientModule {
  closeDb(): Promise<void>;
}

/** lib/secrets.ts */
export interface SecretsModule {
  ensureSessionSecret(): string;
}

export type SeedScaleOptions = { slug: string; codes: number; scans: number; days: number };
export type SeedScaleResult = { slug: string; clientId: string; created: boolean; codes: number; scans: number; ms: number };

/** lib/db/seed-scale.ts */
export interface SeedScaleModule {
  seedScale(options?: Partial<SeedScaleOptions>): Promise<SeedScaleResult>;
}

/**
 * The options of lib/simulation/clone-simulation.ts that the command line sets; the others pass
 * through from the module's own FULL_SIMULATION or SMALL_SIMULATION.
 */
export type SimulationKnobs = { seed: number; ipOnlyShare: number; offerShare: number };

/** lib/simulation/clone-simulation.ts */
export interface CloneSimulationModule {
  FULL_SIMULATION: SimulationKnobs;
  SMALL_SIMULATION: SimulationKnobs;
  // A method, so its parameter is compared both ways: the module's takes every option, and gets
  // them (a copy of one of the two above).
  runCloneSimulation(options: SimulationKnobs): Promise<object>;
}
