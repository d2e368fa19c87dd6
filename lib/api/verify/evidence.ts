import 'server-only';
import { appFile } from '@/lib/app-folder';
import PDFDocument from 'pdfkit';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes, products, scans, unitScanStats, unitSessions } from '@/lib/db/schema';
import type { VerdictLabel } from '@/lib/domain/verdict';
import { CATALOGUES } from '@/messages';
import { translator, type Locale, type MessageKey } from '@/lib/shared/i18n';
import { DEFAULT_TIME_ZONE, formatsFor } from '@/lib/shared/formats';
import { SCRIPT_FONTS, type ScriptFont } from '@/lib/shared/fonts';
import { explanationText, labelText } from '@/lib/shared/verdict-words';
import { riskReasonTexts } from '@/lib/shared/risk-words';
import { EVIDENCE_REFERENCE } from '@/lib/shared/evidence-reference';
import { notFound } from '@/lib/errors';

// The evidence report of a scan (docs/verification.md, "Risk"): a one-page PDF a customer
// downloads after a Fake, Product Claimed or suspect answer and can send to the brand with a
// report. Its reference is the scan's id, random and given only in that answer; the report is
// found only on the brand's own host, and goes with the scan when retention deletes it. It names
// no customer: brand, code as scanned, time, coarse place, verdict, risk and reasons, and a
// summary of the unit's checks.

export function isEvidenceWorthy(result: VerdictLabel, risk: string | null): boolean {
  return result === 'Fake' || result === 'Product Cliamed' || risk === 'suspect';
}

/**
 * The report is written in the customer's language (docs/languages.md), its times in the brand's
 * zone. An Indian script's text is set in that script's Noto font, embedded (the WOFF the app
 * ships beside the browsers' WOFF2, public/fonts); the rest (codes, references, digits, Latin
 * names) in Helvetica, run by run: a script subset has no Latin letters.
 */
export type ReportLanguage = { locale: Locale; timeZone: string };

const fontFile = (font: ScriptFont) => appFile('public', 'fonts', `${font.file}-400-normal.woff`);

/** The characters of a script font's unicode-range, as a pattern matching runs of them. */
function scriptRuns(font: ScriptFont): RegExp {
  const ranges = font.unicodeRange.split(',').map((r) => {
    const [a, b] = r.replace('U+', '').split('-');
    const hex = (h: string) => `\\u{${h}}`;
    return b ? `${hex(a!)}-${hex(b)}` : hex(a!);
  });
  return new RegExp(`([${ranges.join('')}]+(?:\\s+[${ranges.join('')}]+)*)`, 'u');
}

const RISK_KEYS: Record<string, MessageKey> = { none: 'risk.none', caution: 'risk.caution', suspect: 'risk.suspect' };

export async function evidenceReport(
  client: { id: string; organizationName: string },
  reference: string,
  language: ReportLanguage = { locale: 'en', timeZone: DEFAULT_TIME_ZONE },
): Promise<Buffer> {
  const t = translator(CATALOGUES[language.locale], CATALOGUES.en);
  const f = formatsFor(language.locale, language.timeZone);
  const when = (d: Date) => f.moment(d.toISOString());
  const missing = notFound('Evidence report');
  if (!EVIDENCE_REFERENCE.test(reference)) throw missing;
  const db = await getDb();
  const [row] = await db
    .select({ scan: scans, product: products.name })
    .from(scans)
    .leftJoin(codes, and(eq(codes.id, scans.codeId), eq(codes.clientId, client.id)))
    .leftJoin(products, and(eq(products.id, codes.productId), eq(products.clientId, client.id)))
    .where(and(eq(scans.id, reference), eq(scans.clientId, client.id)));
  if (!row || !isEvidenceWorthy(row.scan.result as VerdictLabel, row.scan.risk)) throw missing;
  const { scan } = row;
  let history = t('pdf.noHistory');
  if (scan.unitKey) {
    const [stats] = await db.select().from(unitScanStats).where(and(eq(unitScanStats.clientId, client.id), eq(unitScanStats.unitKey, scan.unitKey)));
    const [people] = await db
      .select({ n: count() })
      .from(unitSessions)
      .where(and(eq(unitSessions.clientId, client.id), eq(unitSessions.unitKey, scan.unitKey)));
    if (stats) history = t('pdf.historyText', { count: f.number(stats.verifiedCount), date: when(stats.firstVerifiedAt), people: f.number(people?.n ?? 0) });
  }

  const doc = new PDFDocument({ size: 'A4', margin: 56, lang: language.locale, info: { Title: `${t('pdf.title')} ${reference}`, Author: client.organizationName } });
  const script = SCRIPT_FONTS[language.locale];
  if (script) doc.registerFont('script', fontFile(script));
  const pattern = script ? scriptRuns(script) : undefined;
  /** `text` in the fonts its characters need; `continued` as pdfkit's. */
  const write = (text: string, bold: boolean, options: PDFKit.Mixins.TextOptions = {}) => {
    const runs = pattern ? text.split(pattern).filter((r) => r !== '') : [text];
    runs.forEach((run, i) => {
      doc.font(pattern?.test(run) ? 'script' : bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(run, { ...options, continued: i < runs.length - 1 ? true : options.continued });
    });
  };
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18);
  write(t('pdf.title'), false);
  doc.moveDown(0.3).fontSize(10).fillColor('#444444');
  write(t('pdf.reference', { reference }), false);
  doc.moveDown().fillColor('#000000').fontSize(12);
  const line = (label: MessageKey, value: string) => {
    write(`${t(label)}: `, true, { continued: true });
    write(value, false);
    doc.moveDown(0.3);
  };
  line('pdf.brand', client.organizationName);
  line('pdf.code', scan.qrIdRaw);
  if (row.product) line('pdf.product', row.product);
  line('pdf.time', when(scan.at));
  line('pdf.place', scan.lat !== null && scan.lng !== null ? t('pdf.near', { lat: scan.lat.toFixed(2), lng: scan.lng.toFixed(2) }) : t('pdf.notShared'));
  line('pdf.verdict', labelText(t, scan.result as VerdictLabel));
  // What the verdict meant, as the customer was told it: the reason of a Fake or a claimed unit.
  line('pdf.means', explanationText(t, scan.result as VerdictLabel, client.organizationName));
  if (scan.risk && RISK_KEYS[scan.risk]) {
    write(t(RISK_KEYS[scan.risk]!), true);
    doc.moveDown(0.3);
  }
  if (scan.riskReasons?.length) {
    write(t('pdf.reasons'), true);
    // Each reason by its code in the customer's language; a scan from before the codes: as worded then (English).
    for (const r of riskReasonTexts(t, f.day, { reasons: scan.riskReasons, reasonCodes: scan.riskReasonCodes })) {
      write(`• ${r}`, false, { indent: 12 });
    }
    doc.moveDown(0.3);
  }
  line('pdf.history', history);
  doc.moveDown().fontSize(9).fillColor('#444444');
  write(t('pdf.send', { brand: client.organizationName }), false);
  doc.end();
  return done;
}
