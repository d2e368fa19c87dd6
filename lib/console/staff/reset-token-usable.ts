import 'server-only';
import { usableToken } from './shared';

/** Whether a reset link is still good (for its screen). */
export async function resetTokenUsable(token: string, now = new Date()): Promise<boolean> {
  return !!(await usableToken('reset', token, now));
}
