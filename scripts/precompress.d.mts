// Types for scripts/precompress.mjs (used by the unit tests).
export const PRECOMPRESSED_DIR: string;
export function precompressStatic(dist: string): { files: number; bytes: number; brotli: number };
