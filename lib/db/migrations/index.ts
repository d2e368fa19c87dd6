import { sql0001 } from './0001_core';

// Versioned migrations, applied in order once each (lib/db/migrate.ts). Append only: a migration
// that has shipped is never edited; a change is a new entry.
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [{ id: '0001_core', sql: sql0001 }];
