import { safeReturnPath } from '@/lib/shared/return-path';
import { CONSOLE_ENROL_PATH, CONSOLE_SECOND_FACTOR_PATH } from '@/lib/shared/console-nav';
import type { ConsoleNext } from '@/lib/schemas/console';
import { hardNavigate } from '@/lib/client/navigate';

// Where a step of signing in leads: the code, the authenticator's set-up, or (signed in) the page
// asked for. A full load, so every screen after it reads the new session from its cookie.
export function goToNextStep(next: ConsoleNext, from: string) {
  const back = safeReturnPath(from);
  const query = back === '/' ? '' : `?${new URLSearchParams({ from: back })}`;
  if (next === 'second-factor') hardNavigate(`${CONSOLE_SECOND_FACTOR_PATH}${query}`);
  else if (next === 'enrol') hardNavigate(`${CONSOLE_ENROL_PATH}${query}`);
  else hardNavigate(back);
}
