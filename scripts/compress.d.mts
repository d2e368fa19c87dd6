// Types for scripts/compress.mjs (used by the unit tests).
import type { IncomingMessage, ServerResponse } from 'node:http';

export function chooseEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined;
export type Precompressed = (url: string | undefined, encoding: 'br' | 'gzip') => Buffer | undefined;
export const THRESHOLD: number;
export const PRECOMPRESSED_DIR: string;
export function precompressedFiles(dist: string): Precompressed;
export function compressAnswer(req: IncomingMessage, res: ServerResponse, precompressed?: Precompressed): void;
export function headerKey(headers: unknown, name: string): string | undefined;
export function toBuffer(chunk: string | NodeJS.ArrayBufferView, encoding: BufferEncoding | undefined): Buffer;
