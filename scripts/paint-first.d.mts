// Types for scripts/paint-first.mjs (used by the unit tests).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const LOADER_SOURCE: string;
export class ScriptHolder {
  constructor(stylesheet?: (href: string) => string | undefined);
  held: number;
  push(chunk: string): string;
  end(): string;
}
export function holdScriptsUntilPaint(req: IncomingMessage, res: ServerResponse, stylesheet?: (href: string) => string | undefined): void;
export function withoutStylesheetPreloads(value: string, stylesheet: (href: string) => string | undefined): string;
export function buildStylesheets(dist: string): (href: string) => string | undefined;
