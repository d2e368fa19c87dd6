import 'server-only';
import type { ProductAttribute } from '@/lib/db/schema';

// Rows reshaped for answers: only the fields a customer may see, dates with the spec's placeholders.

type ProductRow = { name: string; description: string; images: string[]; attributes: ProductAttribute[]; warrantyMonths: number };
type BatchRow = { batchNumber: string; mfgDate: string | null; expiryDate: string | null };

export function shapeProduct(p: ProductRow) {
  return { name: p.name, description: p.description, images: p.images, attributes: p.attributes, warrantyMonths: p.warrantyMonths };
}

/** No mfgDate: 'Not Available' (unknown). No expiryDate: 'Not Applicable' (the product does not expire). */
export function shapeBatch(b: BatchRow) {
  return { batchNumber: b.batchNumber, mfgDate: b.mfgDate ?? ('Not Available' as const), expiryDate: b.expiryDate ?? ('Not Applicable' as const) };
}

/** Today's date (UTC) as YYYY-MM-DD: a batch is good through its expiry date. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
