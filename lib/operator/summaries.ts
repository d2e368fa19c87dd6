import { operatorCommands } from './commands';

/** One line of help per operator command, for `npm run brand -- help`. */
export function commandSummaries(): Record<string, string> {
  return Object.fromEntries(Object.entries(operatorCommands).map(([name, c]) => [name, c.summary]));
}
