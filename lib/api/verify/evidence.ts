import 'server-only';
import PDFDocument from 'pdfkit';
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes, products, scans, unitScanStats, unitSessions } from '@/lib/db/schema';
import { displayLabel, type VerdictLabel } from '@/lib/domain/verdict';
import { explanationOf } from '@/lib/domain/verdict-explanation';
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

const MOMENT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const when = (d: Date) => `${MOMENT.format(d)} UTC`;

export async function evidenceReport(client: { id: string; organizationName: string }, reference: string): Promise<Buffer> {
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
  let history = 'No checks of a genuine unit are on record for this code.';
  if (scan.unitKey) {
    const [stats] = await db.select().from(unitScanStats).where(and(eq(unitScanStats.clientId, client.id), eq(unitScanStats.unitKey, scan.unitKey)));
    const [people] = await db
      .select({ n: count() })
      .from(unitSessions)
      .where(and(eq(unitSessions.clientId, client.id), eq(unitSessions.unitKey, scan.unitKey)));
    if (stats) history = `Verified ${stats.verifiedCount} times since ${when(stats.firstVerifiedAt)}, from ${people?.n ?? 0} different phones or accounts.`;
  }

  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Evidence report ${reference}`, Author: client.organizationName } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.fontSize(18).text('Evidence report');
  doc.moveDown(0.3).fontSize(10).fillColor('#444444').text(`Report reference: ${reference}`);
  doc.moveDown().fillColor('#000000').fontSize(12);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.moveDown(0.3);
  };
  line('Brand', client.organizationName);
  line('Code as scanned', scan.qrIdRaw);
  if (row.product) line('Product', row.product);
  line('Time', when(scan.at));
  line('Place (coarse)', scan.lat !== null && scan.lng !== null ? `near ${scan.lat.toFixed(2)}, ${scan.lng.toFixed(2)}` : 'not shared');
  line('Verdict', displayLabel(scan.result as VerdictLabel));
  // What the verdict meant, as the customer was told it: the reason of a Fake or a claimed unit.
  line('What it means', explanationOf(scan.result as VerdictLabel, client.organizationName));
  if (scan.risk) line('Risk', scan.risk);
  if (scan.riskReasons?.length) {
    doc.font('Helvetica-Bold').text('Reasons:');
    for (const r of scan.riskReasons) doc.font('Helvetica').text(`• ${r}`, { indent: 12 });
    doc.moveDown(0.3);
  }
  line('Scan history', history);
  doc.moveDown().fontSize(9).fillColor('#444444').text(`Send this report to ${client.organizationName} with your report of the product, quoting its reference.`);
  doc.end();
  return done;
}
