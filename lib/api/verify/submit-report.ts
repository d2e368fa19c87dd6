import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { codes, reports } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { REPORT_PHOTO_MAX_BYTES, reportFieldsSchema } from '@/lib/schemas/verify';
import { ApiError } from '../errors';
import { coarse } from './scan-guard';

// POST /api/report — a customer reports a suspicious product: description, optional qrId,
// optional coarse location, optional photo (PNG, JPEG or WebP by its magic bytes, at most 5 MB).
// The photo is kept in the database (reports.photo) so every server copy sees it.

/** The image type of a file by its first bytes, whatever its name or declared type says. */
export function sniffImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  const at = (i: number) => bytes[i];
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export type ReportInput = { fields: Record<string, string>; photo: Uint8Array | null };

export async function submitReport(clientId: string, customerId: string, input: ReportInput) {
  const fields = reportFieldsSchema.parse(input.fields);
  let photoType: string | null = null;
  if (input.photo) {
    if (input.photo.byteLength > REPORT_PHOTO_MAX_BYTES) throw new ApiError('payload_too_large', 'photo: must be at most 5 MB');
    photoType = sniffImage(input.photo) ?? null;
    if (!photoType) throw new ApiError('unsupported_media_type', 'photo: must be a PNG, JPEG or WebP image');
  }
  const db = await getDb();
  const [code] = fields.qrId
    ? await db.select({ id: codes.id }).from(codes).where(and(eq(codes.clientId, clientId), eq(codes.qrId, fields.qrId)))
    : [];
  const id = randomId('rp', 16);
  await db.insert(reports).values({
    id,
    clientId,
    customerId,
    qrIdRaw: fields.qrId ?? null,
    codeId: code?.id ?? null,
    description: fields.description,
    lat: coarse(fields.lat),
    lng: coarse(fields.lng),
    photo: input.photo,
    photoType,
  });
  return { reportId: id, photoStored: input.photo !== null };
}
