import 'server-only';
import type { StaffRole } from '@/lib/domain/staff-roles';

// Who is acting on which brand, for the console's use cases (lib/console/*) and the command line
// that calls the same ones. Every query a use case makes is scoped by `clientId`.

export type ConsoleActor =
  /** A signed-in member of the brand's staff, through the console. */
  | { kind: 'staff'; staffId: string; email: string; role: StaffRole }
  /** The command line on the server (npm run brand), which may do everything an owner may. */
  | { kind: 'cli' };

export type ConsoleScope = {
  clientId: string;
  /** The brand's slug, for the operator functions keyed by it (lib/operator). */
  slug: string;
  actor: ConsoleActor;
};

/** The command line acting on a brand. */
export const cliScope = (clientId: string, slug: string): ConsoleScope => ({ clientId, slug, actor: { kind: 'cli' } });
