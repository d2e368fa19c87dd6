// Types for scripts/precompress.mjs (used by the unit tests).
export function precompressStatic(dist: string): { files: number; bytes: number; brotli: number };
