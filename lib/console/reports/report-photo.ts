import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { files, reports } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { ConsoleScope } from '../scope';

/** A report's photo for staff of its brand, to view in place; a report of another brand, or without a photo, is 404. */
export async function reportPhoto(scope: ConsoleScope, reportId: string) {
  const db = await getDb();
  const [report] = await db.select().from(reports).where(and(eq(reports.clientId, scope.clientId), eq(reports.id, reportId)));
  if (!report) throw notFound('Report');
  if (report.photoFileId) {
    const [file] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, report.photoFileId), eq(files.clientId, scope.clientId), isNull(files.erasedAt)));
    if (file) return file;
  } else if (report.photo && report.photoType) {
    // Stored before the file store (migration 0007): the bytes are on the report itself.
    return { storageKey: null, bytes: report.photo, contentType: report.photoType, originalName: `report-${report.id}` };
  }
  throw notFound('Photo');
}
