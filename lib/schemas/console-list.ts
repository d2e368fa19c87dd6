import { z } from 'zod';

// The query every console list takes beside its own filters (the table kit, docs/console.md,
// "Lists"): a sort by one of its columns (`created` ascending, `-created` descending), a range of
// days (UTC days, as the overview's, so a tile's link shows what the tile counted), a product and
// a batch. A value not understood is a 422 naming its field, never a silent default.

const blank = (v: unknown) => (v === '' ? undefined : v);

export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'must be a real calendar date');

/** `?sort=` of a list: a column, or `-` and a column for the other way. */
export function sortField<const C extends string>(columns: readonly C[], fallback: C | `-${C}`) {
  const values = [...columns, ...columns.map((c) => `-${c}` as const)] as [string, ...string[]];
  const choice = z.enum(values, { error: `must be one of: ${values.join(', ')}` }) as unknown as z.ZodType<C | `-${C}`, string>;
  return z.preprocess(blank, choice.optional()).transform((v): C | `-${C}` => v ?? fallback);
}

export type Sort<C extends string> = { column: C; dir: 'asc' | 'desc' };
export function sortOf<C extends string>(value: C | `-${C}`): Sort<C> {
  return value.startsWith('-') ? { column: value.slice(1) as C, dir: 'desc' } : { column: value as C, dir: 'asc' };
}

/** The filters every list shares: from and to (days, both counted), product (an id), batch (its number). */
export const listFilterShape = {
  from: z.preprocess(blank, isoDay.optional()),
  to: z.preprocess(blank, isoDay.optional()),
  product: z.preprocess(blank, z.string().trim().min(1).max(64, 'must be at most 64 characters').optional()),
  batch: z.preprocess(blank, z.string().trim().min(1).max(64, 'must be at most 64 characters').optional()),
};

/** `?place=`: a town's or city's name as the list shows places (lib/console/place-filter.ts). */
export const placeFilter = z.preprocess(blank, z.string().trim().min(1).max(100, 'must be at most 100 characters').optional());

/** A range whose end is before its start is refused on `to`. */
export const rangeInOrder = <T extends { from?: string | undefined; to?: string | undefined }>(q: T, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
};

/** The most rows one CSV export streams: the largest list the console keeps, and more. */
export const CSV_MAX_ROWS = 2_000_000;
