import 'server-only';
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/console/audit';
import { cliScope } from '@/lib/console/scope';
import { listCodes } from './catalog-codes';
import { requireBrand } from './brands';
import { slugArg, textArg } from './catalog';
import { brandConfigOf } from '@/lib/brands/brand-config';

// Exports of a batch's codes: CSV (for a printer's data merge) and a print-ready A4 PDF sheet of
// QR codes, each encoding the full verify URL on the brand's domain.

const outArg = z.string().min(1).max(500).transform((p) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), p));
const MAX_EXPORT = 10_000;

export const exportCodesArgs = z.object({ slug: slugArg, batch: textArg(64), out: outArg.optional() }).strict();

const csvCell = (v: string | number) => {
  const s = String(v);
  // Quote when needed; a leading formula character is neutralised for spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const CSV_COLUMNS = ['qrId', 'level', 'kind', 'state', 'batch', 'unit', 'authCode', 'parentQrId', 'url'] as const;
const CSV_COLUMNS_GS1 = [...CSV_COLUMNS, 'gs1Url', 'gs1Line'] as const;

/** A batch's codes as CSV, one row per code; the console's download allows more rows than the command line. */
export async function codesCsv(slug: string, batch: string, limit = MAX_EXPORT): Promise<string> {
  const rows = await listCodes({ slug, batch, limit });
  // A brand with GS1 on gets each unit's GS1 URI and its human-readable line after its qrId link;
  // the others keep the columns their printers' templates know.
  const gs1 = brandConfigOf(await requireBrand(slug)).gs1.enabled;
  const header = gs1 ? CSV_COLUMNS_GS1 : CSV_COLUMNS;
  return [header.join(','), ...rows.map((r) => header.map((h) => csvCell(r[h])).join(','))].join('\n') + '\n';
}

/** The command line's exports carry the codes' secrets too: each is audited as codes.export, acting as `command line`. */
async function auditExport(slug: string, after: { batch: string; format: 'csv' | 'pdf'; levels?: readonly number[]; codes: number }) {
  const brand = await requireBrand(slug);
  await recordAudit(await getDb(), cliScope(brand.id, brand.slug), {
    action: 'codes.export',
    target: after.batch,
    after: { format: after.format, levels: after.levels ? [...after.levels] : 'all', codes: after.codes },
  });
}

export async function exportCodes(args: z.output<typeof exportCodesArgs>) {
  const csv = await codesCsv(args.slug, args.batch);
  await auditExport(args.slug, { batch: args.batch, format: 'csv', codes: csv.split('\n').length - 2 });
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

const A4 = { width: 595.28, height: 841.89 };
const GRID = { cols: 4, rows: 5, margin: 36, qr: 96 };

/** Draws one QR code as vector squares (crisp at any print resolution). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < modules.size; r++) {
    for (let c = 0; c < modules.size; c++) {
      if (modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000').restore();
}

/**
 * The printable codes of a batch (not deleted, of the chosen levels); at most MAX_EXPORT. The
 * limit counts the codes that would be printed, so the units of a batch with cases and pallets
 * print even when the whole batch holds more.
 */
export async function printableCodes(slug: string, batch: string, levels?: readonly number[]) {
  const rows = await listCodes({ slug, batch, limit: MAX_EXPORT + 1 }, { live: true, ...(levels ? { levels } : {}) });
  if (rows.length > MAX_EXPORT) throw new ApiError('unprocessable', `A print-ready PDF holds at most ${MAX_EXPORT} codes; these levels of this batch have more: choose fewer levels or use the CSV`);
  if (!rows.length) throw new ApiError('not_found', 'No codes to print in this batch');
  // A brand printing GS1 links (gs1.printedLinks 'gs1') encodes each unit's GS1 URI in its visible
  // code, with the human-readable line under it; every other code keeps its qrId link.
  const brand = await requireBrand(slug);
  const gs1 = brandConfigOf(brand).gs1;
  const printGs1 = gs1.enabled && gs1.printedLinks === 'gs1';
  return rows.map((r) => (printGs1 && r.gs1Url ? { ...r, url: r.gs1Url } : { ...r, gs1Line: '' }));
}

export async function exportPdf(args: z.output<typeof exportPdfArgs>) {
  const rows = await printableCodes(args.slug, args.batch, args.levels);
  await auditExport(args.slug, { batch: args.batch, format: 'pdf', ...(args.levels ? { levels: args.levels } : {}), codes: rows.length });
  await mkdir(path.dirname(args.out), { recursive: true });
  const stream = createWriteStream(args.out);
  const done = new Promise<void>((resolve, reject) => void stream.on('finish', resolve).on('error', reject));
  const pages = renderCodesPdf(rows, args.batch, stream);
  await done;
  return { file: args.out, codes: rows.length, pages };
}

/** Draws the sheets of QR codes into `sink` (a file, or the bytes of a download); answers the page count. */
export function renderCodesPdf(
  rows: readonly { qrId: string; kind: string; authCode: string; url: string; gs1Line?: string }[],
  batch: string,
  sink: NodeJS.WritableStream,
): number {
  const doc = new PDFDocument({ size: 'A4', margin: GRID.margin, info: { Title: `Codes of batch ${batch}` } });
  doc.pipe(sink);
  const cellW = (A4.width - 2 * GRID.margin) / GRID.cols;
  const cellH = (A4.height - 2 * GRID.margin - 20) / GRID.rows;
  const perPage = GRID.cols * GRID.rows;
  rows.forEach((r, i) => {
    if (i > 0 && i % perPage === 0) doc.addPage();
    if (i % perPage === 0) doc.fontSize(9).fillColor('#333333').text(`Batch ${batch} · page ${i / perPage + 1}`, GRID.margin, GRID.margin - 18);
    const slot = i % perPage;
    const x = GRID.margin + (slot % GRID.cols) * cellW;
    const y = GRID.margin + 4 + Math.floor(slot / GRID.cols) * cellH;
    drawQr(doc, r.url, x + (cellW - GRID.qr) / 2, y, GRID.qr);
    doc.fontSize(7).fillColor('#000000');
    doc.text(r.qrId, x, y + GRID.qr + 4, { width: cellW, align: 'center' });
    doc.text(`${r.kind}${r.authCode ? ` · code ${r.authCode}` : ''}`, x, y + GRID.qr + 14, { width: cellW, align: 'center' });
    // The GS1 element string for people (and tills without a camera), under a GS1 code: one
    // line per key ("(01) 095…", "(10) …", "(21) …"), each short enough never to wrap.
    if (r.gs1Line) {
      doc.fontSize(6);
      r.gs1Line.split(/ (?=\(\d\d\) )/).forEach((part, k) => doc.text(part, x, y + GRID.qr + 24 + k * 8, { width: cellW, align: 'center', lineBreak: false }));
    }
  });
  doc.end();
  return Math.ceil(rows.length / perPage);
}
