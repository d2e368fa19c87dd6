// Types for scripts/compress.mjs (used by the unit tests).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const THRESHOLD: number;
export const BROTLI_QUALITY: number;
export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined;
export function compressAnswer(req: IncomingMessage, res: ServerResponse, options?: { threshold?: number }): void;
