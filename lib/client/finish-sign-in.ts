import { safeReturnPath } from '@/lib/shared/return-path';
import { hardNavigate } from './navigate';

/** After sign-in: a full load of the remembered path (only ever a path of this site). */
export function finishSignIn(from: string | undefined) {
  hardNavigate(safeReturnPath(from));
}
