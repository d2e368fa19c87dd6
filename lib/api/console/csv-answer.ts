import 'server-only';
import { FileAnswer } from '../define-route';
import { contentDisposition } from '../files/get-file';
import { csvStream } from '@/lib/console/list-kit';

// A console list's CSV export as an answer: the stream of lib/console/list-kit.ts (one keyset
// page read at a time, as the client reads), downloaded under the use case's file name.

export const csvFiles = { 'text/csv': { schema: { type: 'string' } } };

export function csvAnswer(header: readonly string[], exported: { fileName: string; rows: AsyncIterable<ReadonlyArray<ReadonlyArray<string>>> }): FileAnswer {
  return new FileAnswer(csvStream(header, exported.rows), {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': contentDisposition('attachment', exported.fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}
