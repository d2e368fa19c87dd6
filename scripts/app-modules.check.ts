// Holds scripts/app-modules.d.mts to the modules it describes: `npm run typecheck` (tsconfig.json,
// which the scripts' own check does not reach into lib/) fails here when a module drops, renames or
// retypes something a script loads through tsx. Types only: nothing runs this file.
import type * as DbClient from '@/lib/db/client';
import type * as SeedScale from '@/lib/db/seed-scale';
import type * as RunLocal from '@/lib/operator/run-local';
import type * as Summaries from '@/lib/operator/summaries';
import type * as Secrets from '@/lib/secrets';
import type * as CloneSimulation from '@/lib/simulation/clone-simulation';
import type { CloneSimulationModule, DbClientModule, RunLocalModule, SecretsModule, SeedScaleModule, SummariesModule } from './app-modules.d.mts';

/** Compiles only when `Module` is usable as `Declared`. */
type Holds<Module extends Declared, Declared> = [Module, Declared];

export type AppModulesHold = [
  Holds<typeof RunLocal, RunLocalModule>,
  Holds<typeof Summaries, SummariesModule>,
  Holds<typeof DbClient, DbClientModule>,
  Holds<typeof Secrets, SecretsModule>,
  Holds<typeof SeedScale, SeedScaleModule>,
  Holds<typeof CloneSimulation, CloneSimulationModule>,
];
