import 'server-only';
import { cache } from 'react';
import { apiFetch, ApiRequestError } from './api-fetch';
import { cloneInfoSchema, type CloneInfo } from '@/lib/schemas/client';

// The requesting host's brand, as clone-info answers it, asked once per server request.

export type BrandResult = { ok: true; brand: CloneInfo } | { ok: false; message: string; status: number };

export const NO_APP_DATA = 'No App data found.';

export const readBrand = cache(async (): Promise<BrandResult> => {
  try {
    const parsed = cloneInfoSchema.safeParse(await apiFetch<unknown>('/client/clone-info', { auth: false }));
    if (!parsed.success) return { ok: false, message: NO_APP_DATA, status: 500 };
    return { ok: true, brand: parsed.data };
  } catch (err) {
    const status = err instanceof ApiRequestError ? err.status : 500;
    return { ok: false, message: err instanceof Error ? err.message : NO_APP_DATA, status };
  }
});
