// Where the printed sheets of codes (render-codes-pdf.ts) put each code: an A4 page of 4 × 5
// cells, each a QR code with its id and kind under it, filled row by row. Kept apart from the
// renderer (which is server-only) so that tests can cut a sheet into its cells and read each
// code on its own, as a phone's camera frames one code on a pack.

/** An A4 page in PDF points (1/72 inch). */
const CODES_PAGE = { width: 595.28, height: 841.89 };

export const CODES_GRID = { cols: 4, rows: 5, margin: 36, qr: 96 };

/** The height of the line that heads each page ("Batch … · page n"). */
const HEADER = 20;

export const CODES_PER_PAGE = CODES_GRID.cols * CODES_GRID.rows;

/** One code's cell: its page (from 1) and its box in points from the page's top-left corner. */
export type CodeCell = { page: number; x: number; y: number; width: number; height: number };

export function codeCell(index: number): CodeCell {
  const width = (CODES_PAGE.width - 2 * CODES_GRID.margin) / CODES_GRID.cols;
  const height = (CODES_PAGE.height - 2 * CODES_GRID.margin - HEADER) / CODES_GRID.rows;
  const slot = index % CODES_PER_PAGE;
  return {
    page: Math.floor(index / CODES_PER_PAGE) + 1,
    x: CODES_GRID.margin + (slot % CODES_GRID.cols) * width,
    y: CODES_GRID.margin + 4 + Math.floor(slot / CODES_GRID.cols) * height,
    width,
    height,
  };
}
