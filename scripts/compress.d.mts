// Types for scripts/compress.mjs (used by the unit tests).
import type { IncomingMessage, ServerResponse } from 'node:http';

export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined;
export function compressAnswer(req: IncomingMessage, res: ServerResponse): void;
export function headerKey(headers: unknown, name: string): string | undefined;
export function toBuffer(chunk: string | NodeJS.ArrayBufferView, encoding: BufferEncoding | undefined): Buffer;
