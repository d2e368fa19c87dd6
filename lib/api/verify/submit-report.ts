import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes, reports } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { reportFieldsSchema } from '@/lib/schemas/verify';
import type { StoredUpload } from '../aftersales/read-upload-form';
import { storeFile } from '../aftersales/store-file';
import { coarse } from './scan-guard';

// POST /api/report — a customer reports a suspicious product: description, optional qrId,
// optional coarse location, optional photo (PNG, JPEG or WebP by its magic bytes, at most 5 MB).
// The photo is in the file store (read-report-form.ts) and gets a files row of the customer, so
// it counts against their upload quota and is erased with their account.

/** The image type of a file by its first bytes, whatever its name or declared type says. */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  const at = (i: number) => bytes[i];
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export type ReportInput = { fields: Record<string, string>; photo: StoredUpload | null };

export async function submitReport(clientId: string, customerId: string, input: ReportInput) {
  const fields = reportFieldsSchema.parse(input.fields);
  const db = await getDb();
  const [code] = fields.qrId
    ? await db.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, fields.qrId)))
    : [];
  const id = randomId('rp', 16);
  await db.transaction(async (tx) => {
    const photo = input.photo ? await storeFile(tx, clientId, customerId, input.photo) : null;
    await tx.insert(reports).values({
      id,
      clientId,
      customerId,
      qrIdRaw: fields.qrId ?? null,
      codeId: code?.id ?? null,
      description: fields.description,
      lat: coarse(fields.lat),
      lng: coarse(fields.lng),
      photoFileId: photo?.id ?? null,
      photoType: photo?.contentType ?? null,
    });
  });
  return { reportId: id, photoStored: input.photo !== null };
}
