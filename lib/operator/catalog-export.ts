import 'server-only';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { codesCsv as consoleCodesCsv, printableCodes as consolePrintableCodes, recordCodesExport, renderCodesPdf } from '@/lib/console/catalogue-exports';
import { brandScope } from './brands';
import { slugArg, textArg } from './catalog';

// Exports of a batch's codes from the command line: the console's CSV and print-ready A4 PDF
// (lib/console/catalogue-exports), written to a file (or the CSV to stdout), audited as
// codes.export acting as the command line, as the console's downloads are.

const outArg = z.string().min(1).max(500).transform((p) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), p));

export const exportCodesArgs = z.object({ slug: slugArg, batch: textArg(64), out: outArg.optional() }).strict();

/** A batch's codes as CSV, one row per code (at most the command line's 10,000). */
export async function codesCsv(slug: string, batch: string): Promise<string> {
  return consoleCodesCsv(await brandScope(slug), batch);
}

export async function exportCodes(args: z.output<typeof exportCodesArgs>) {
  const scope = await brandScope(args.slug);
  const csv = await consoleCodesCsv(scope, args.batch);
  await recordCodesExport(scope, { batch: args.batch, format: 'csv', codes: csv.split('\n').length - 2 });
  if (!args.out) return csv;
  await mkdir(path.dirname(args.out), { recursive: true });
  await writeFile(args.out, csv);
  return { file: args.out, codes: csv.split('\n').length - 2 };
}

export const exportPdfArgs = z
  .object({
    slug: slugArg,
    batch: textArg(64),
    out: outArg,
    /** Levels to print, e.g. "6" for the pack labels only; all by default. */
    levels: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).split(',').map((l) => Number(l.trim())))
      .pipe(z.array(z.union([z.literal(6), z.literal(7), z.literal(8), z.literal(9)], { message: 'levels are 6, 7, 8 or 9' })).min(1))
      .optional(),
  })
  .strict();

/** The printable codes of a batch (not deleted, of the chosen levels), at most 10,000. */
export async function printableCodes(slug: string, batch: string, levels?: readonly number[]) {
  return consolePrintableCodes(await brandScope(slug), batch, levels);
}

export async function exportPdf(args: z.output<typeof exportPdfArgs>) {
  const scope = await brandScope(args.slug);
  const rows = await consolePrintableCodes(scope, args.batch, args.levels);
  await recordCodesExport(scope, { batch: args.batch, format: 'pdf', ...(args.levels ? { levels: args.levels } : {}), codes: rows.length });
  await mkdir(path.dirname(args.out), { recursive: true });
  const stream = createWriteStream(args.out);
  const done = new Promise<void>((resolve, reject) => void stream.on('finish', resolve).on('error', reject));
  const pages = renderCodesPdf(rows, args.batch, stream);
  await done;
  return { file: args.out, codes: rows.length, pages };
}
