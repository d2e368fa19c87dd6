import 'server-only';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CODES_GRID as GRID, CODES_PER_PAGE, codeCell } from './codes-pdf-layout';

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

/** Draws the sheets of QR codes into `sink` (a file, or the bytes of a download); answers the page count. */
export function renderCodesPdf(
  rows: readonly { qrId: string; kind: string; authCode: string; url: string; gs1Line?: string }[],
  batch: string,
  sink: NodeJS.WritableStream,
): number {
  const doc = new PDFDocument({ size: 'A4', margin: GRID.margin, info: { Title: `Codes of batch ${batch}` } });
  doc.pipe(sink);
  rows.forEach((r, i) => {
    if (i > 0 && i % CODES_PER_PAGE === 0) doc.addPage();
    if (i % CODES_PER_PAGE === 0) doc.fontSize(9).fillColor('#333333').text(`Batch ${batch} · page ${i / CODES_PER_PAGE + 1}`, GRID.margin, GRID.margin - 18);
    const { x, y, width: cellW } = codeCell(i);
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
  return Math.ceil(rows.length / CODES_PER_PAGE);
}
