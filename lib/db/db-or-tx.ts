import 'server-only';
import type { Db } from '@/lib/db/client';

/** A transaction handle, or the database itself, for helpers used in both. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
