import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { codeCell } from '@/lib/console/catalogue-exports/codes-pdf-layout';

const PDFTOPPM = '/usr/bin/pdftoppm';
const ZBARIMG = '/usr/bin/zbarimg';

/**
 * The QR codes of a printed sheet (lib/console/catalogue-exports/render-codes-pdf.ts), read by
 * tools that are not the app's: poppler rasterises each of the first `count` cells at `dpi`, and
 * zbar decodes them. Cell by cell, as a phone's camera frames one code on a pack: given a whole
 * page of twenty codes, zbar misses about one code in twenty-five (the finder patterns of the
 * codes around it mislead it), so a whole-page read fails a correct sheet now and then.
 * Answers the decoded texts in cell order; a cell zbar cannot read gives nothing.
 */
export function decodePrintedCodes(pdf: string, count: number, dir: string, dpi = 150): string[] {
  const missing = [PDFTOPPM, ZBARIMG].filter((t) => !existsSync(t));
  if (missing.length) throw new Error(`${missing.join(' and ')} missing: npm test installs poppler-utils and zbar-tools (apt-get)`);
  const cells = path.join(dir, 'cells');
  mkdirSync(cells, { recursive: true });
  const px = (pt: number) => String(Math.round((pt * dpi) / 72));
  const tiles = Array.from({ length: count }, (_, i) => {
    const cell = codeCell(i);
    const out = path.join(cells, `cell-${i}`);
    execFileSync(PDFTOPPM, ['-r', String(dpi), '-f', String(cell.page), '-l', String(cell.page), '-x', px(cell.x), '-y', px(cell.y), '-W', px(cell.width), '-H', px(cell.height), '-singlefile', '-png', pdf, out], { stdio: ['ignore', 'ignore', 'pipe'] });
    return `${out}.png`;
  });
  if (!tiles.length) return [];
  // zbarimg exits 4 when an image holds no code: the texts it did read are still the answer
  const read = spawnSync(ZBARIMG, ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', ...tiles], { encoding: 'utf8' });
  if (read.status !== 0 && read.status !== 4) throw new Error(`zbarimg failed (${read.status ?? read.signal}): ${read.stderr}`);
  return read.stdout.split('\n').filter(Boolean);
}
