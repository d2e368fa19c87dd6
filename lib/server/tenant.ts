import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';
import { headers } from 'next/headers';
import { brandCache } from '@/lib/edge/brand-cache';
import { brandHostHeader, parseHost } from '@/lib/shared/host';
import { env } from '@/lib/edge/env';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import type { CloneInfo } from '@/lib/schemas/client';
import { callRoute } from './call-route';
import { cloneInfoRoute } from './routes';

// The requesting host's brand, as clone-info answers it, asked once per server request and kept
// per host for BRAND_CACHE_MS: every page's root layout needs it, and the API keeps the brand row
// that long anyway (lib/brands/find-client.ts). A brand changed through this process is seen
// at once (lib/edge/brand-cache.ts); with BRAND_API_URL, within BRAND_CACHE_MS.

export type BrandResult = { ok: true; brand: CloneInfo } | { ok: false; message: string; status: number };

export const NO_APP_DATA = 'No App data found.';
export const BRAND_CACHE_MS = 2_000;

const kept = brandCache<CloneInfo>('page-clone-info', BRAND_CACHE_MS, 10_000);

async function askBrand(): Promise<BrandResult> {
  try {
    return { ok: true, brand: await callRoute(cloneInfoRoute) };
  } catch (err) {
    unstable_rethrow(err);
    // An answer the schema refuses (another deployment's) is no brand either.
    if (!(err instanceof ApiRequestError)) return { ok: false, message: NO_APP_DATA, status: 500 };
    return { ok: false, message: err.message, status: err.status };
  }
}

/**
 * The key the pages keep a brand's answers under: the host the API reads the brand from
 * (lib/api/guards.ts), X-Forwarded-Host only where it is trusted (TRUST_PROXY here, or a remote
 * API, which runs behind this server with it). A forged header names no other entry than the one
 * its answer belongs to.
 */
export async function brandHostKey(): Promise<string> {
  const h = await headers();
  const e = env();
  return parseHost(brandHostHeader((name) => h.get(name), !!e.TRUST_PROXY || !!e.BRAND_API_URL)) ?? '';
}

export const readBrand = cache(async (): Promise<BrandResult> => {
  const host = await brandHostKey();
  const hit = kept.get(host);
  if (hit) return { ok: true, brand: hit };
  const stamp = kept.stamp();
  const result = await askBrand();
  // Only answers are kept: a failure is asked again by the next request.
  if (result.ok) kept.set(host, result.brand, stamp);
  return result;
});
