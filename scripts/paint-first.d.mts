// Types for scripts/paint-first.mjs (used by the unit tests).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LOADER_SOURCE: string;
export class ScriptHolder {
  held: number;
  push(chunk: string): string;
  end(): string;
}
export function holdScriptsUntilPaint(req: IncomingMessage, res: ServerResponse): void;
