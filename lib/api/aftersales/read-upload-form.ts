import 'server-only';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { getDb } from '@/lib/db/client';
import { fileDeletions } from '@/lib/db/schema';
import { HEAD_BYTES, FILE_LIMITS, checkUploadHead, tooLargeMessage, type MediaType } from '@/lib/domain/files';
import { fileStore } from '@/lib/files';
import type { UploadRequest } from '../route-context';
import { ApiError, fieldError } from '@/lib/errors';
import { releaseReservation, reserveQuota, settleReservation, type QuotaReservation } from './upload-quota';
import { assertCleanFormText } from '../request-guards';

// Reads a multipart/form-data body as it arrives: text fields, and each file part streamed
// straight into the file store (lib/files). A file's kind is decided by its first bytes before
// the rest is read, and its size is counted as it flows: past its type's cap (image 5 MB, PDF
// 10 MB, video 25 MB) or past what is left of the customer's or the brand's upload quota the
// request is refused at once with 413, the partial file removed, and the rest of the body never
// read. The declared Content-Length is checked before anything is read. Quota for the form is
// reserved (upload-quota.ts) when its first file starts, up to its Content-Length, so concurrent
// uploads cannot pass a quota together; the reservation is handed back by usingUploads once the
// files rows are in, or here when the form is refused.

export type StoredUpload = { field: string; key: string; size: number; sha256: string; mediaType: MediaType; contentType: string; name: string };
/** `reservation`: the quota reserved for the files until their rows are in (usingUploads hands it back). */
export type UploadForm = { fields: Record<string, string>; files: StoredUpload[]; reservation?: string | null };

type Kind = { mediaType: MediaType; contentType: string; name: string; maxBytes: number; tooLarge: string };

/** What a file field accepts: how many files, and the kind of each by its name and first bytes. */
export type FileRule = { maxFiles: number; tooMany: string; inspect: (file: { name: string; declaredType: string; head: Uint8Array }) => Kind };

const STATUS_CODE = { 413: 'payload_too_large', 415: 'unsupported_media_type', 422: 'unprocessable' } as const;

/** A field of media files checked by lib/domain/files.ts, each up to its type's cap. */
export function mediaField(field: string, accept: readonly MediaType[], maxFiles: number, tooMany: string): FileRule {
  return {
    maxFiles,
    tooMany,
    inspect(file) {
      const r = checkUploadHead(field, file, accept);
      if (!r.ok) throw new ApiError(STATUS_CODE[r.status], r.message, undefined, field);
      const mediaType = r.kind.mediaType;
      return { mediaType, contentType: r.kind.contentType, name: r.name, maxBytes: FILE_LIMITS[mediaType], tooLarge: tooLargeMessage(field, mediaType) };
    },
  };
}

const MB = 1024 * 1024;

/** Removes stored uploads of a request that was refused; a key the store could not remove is kept for later. */
export async function discardUploads(uploads: readonly { key: string }[]) {
  for (const u of uploads) await removeStoredObject(u.key);
}

/** Removes an object from the store, or queues it in file_deletions when the store fails. */
export async function removeStoredObject(key: string) {
  try {
    await fileStore().delete(key);
  } catch {
    const db = await getDb();
    await db.insert(fileDeletions).values({ storageKey: key }).onConflictDoNothing();
  }
}

export async function readUploadForm(
  req: UploadRequest,
  opts: { fileFields: Readonly<Record<string, FileRule>>; maxBytes: number; what: string; tooLarge?: string; owner: { clientId: string; customerId: string } },
): Promise<UploadForm> {
  const type = req.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new ApiError('unsupported_media_type', `Send the ${opts.what} as multipart/form-data`);
  const length = Number(req.contentLength);
  if (!Number.isFinite(length) || length <= 0) throw new ApiError('bad_request', 'Content-Length is required');
  if (length > opts.maxBytes) {
    throw new ApiError('payload_too_large', opts.tooLarge ?? `The ${opts.what} is too large (at most ${Math.floor(opts.maxBytes / MB)} MB in all)`);
  }
  const unreadable = () => new ApiError('bad_request', `The ${opts.what} form could not be read`);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': req.contentType },
      defParamCharset: 'utf8',
      preservePath: true, // a name with a folder path is refused, not quietly cut
      limits: { fields: 50, fieldSize: 64 * 1024, parts: 100 },
    });
  } catch {
    throw unreadable();
  }
  const body = req.body;
  if (!body) throw unreadable();
  const input = Readable.fromWeb(body as WebReadableStream);

  const fields: Record<string, string> = {};
  const stored: StoredUpload[] = [];
  const counts: Record<string, number> = {};
  let quota: QuotaReservation | undefined;
  let usedInForm = 0;
  let failure: unknown;
  let work = Promise.resolve();
  let current: Readable | undefined; // the file part being stored

  async function storeFilePart(field: string, stream: Readable, info: busboy.FileInfo) {
    assertCleanFormText(field, `${field}${info.filename ?? ''}${info.mimeType ?? ''}`);
    const rule = opts.fileFields[field];
    if (!rule) throw fieldError('unprocessable', field, `must be text, not a file`);
    current = stream;
    // The first bytes decide the kind before anything is stored.
    const parts = stream[Symbol.asyncIterator]();
    const head: Buffer[] = [];
    let headLength = 0;
    let ended = false;
    while (headLength < HEAD_BYTES) {
      const next = await parts.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value as Buffer);
      headLength += (next.value as Buffer).length;
    }
    // A form with no file chosen still sends an empty part with no name.
    if (ended && headLength === 0 && !info.filename) return;
    counts[field] = (counts[field] ?? 0) + 1;
    if (counts[field] > rule.maxFiles) throw new ApiError('unprocessable', rule.tooMany, undefined, field);
    const first = Buffer.concat(head);
    const kind = rule.inspect({ name: info.filename ?? '', declaredType: info.mimeType ?? '', head: first.subarray(0, HEAD_BYTES) });
    if (!quota) {
      const reserved = await reserveQuota(opts.owner.clientId, opts.owner.customerId, length);
      quota = reserved;
      // Refused meanwhile (a bad field, a hang-up): the refusal may have been handled already.
      if (failure) {
        stream.resume();
        return void (await releaseReservation(reserved.id).catch(() => undefined));
      }
    }
    const q = quota;
    let size = 0;
    const count = (n: number) => {
      size += n;
      if (size > kind.maxBytes) throw new ApiError('payload_too_large', kind.tooLarge, undefined, field);
      if (usedInForm + size > q.left) throw new ApiError('payload_too_large', q.message);
    };
    async function* counted() {
      count(first.length);
      yield first;
      if (ended) return;
      for (let next = await parts.next(); !next.done; next = await parts.next()) {
        count((next.value as Buffer).length);
        yield next.value as Buffer;
      }
    }
    const saved = await fileStore().put(Readable.from(counted()));
    if (failure) return void (await removeStoredObject(saved.key)); // refused meanwhile
    usedInForm += saved.size;
    stored.push({ field, ...saved, mediaType: kind.mediaType, contentType: kind.contentType, name: kind.name });
  }

  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (err: unknown) => {
        if (failure) return;
        // The rest of the body is not read, so the connection cannot serve another request.
        failure = err instanceof ApiError && !err.headers ? new ApiError(err.code, err.message, { connection: 'close' }, err.field) : err;
        // Stop reading the body: what is left of it is never parsed nor stored.
        input.unpipe(parser);
        input.pause();
        // A file part still flowing (the client went away mid-file) fails its put, so its temp
        // file is removed rather than kept as a truncated upload.
        if (current && !current.readableEnded) current.destroy(new Error('upload stopped'));
        reject(failure);
      };
      parser.on('file', (field, stream, info) => {
        if (failure) return void stream.resume();
        work = work.then(() => (failure ? void stream.resume() : storeFilePart(field, stream, info))).catch((err) => {
          stream.resume();
          stop(err);
        });
      });
      parser.on('field', (name, value, info) => {
        if (failure) return;
        try {
          assertCleanFormText(name, `${name}${value}`);
        } catch (err) {
          return stop(err);
        }
        if (opts.fileFields[name]) return stop(fieldError('unprocessable', name, `must be a file`));
        if (name in fields) return stop(fieldError('unprocessable', name, `give it once`));
        if (info.valueTruncated) return stop(fieldError('unprocessable', name, `is too long`));
        fields[name] = value;
      });
      parser.on('partsLimit', () => stop(new ApiError('unprocessable', `The ${opts.what} form has too many parts`)));
      parser.on('fieldsLimit', () => stop(new ApiError('unprocessable', `The ${opts.what} form has too many fields`)));
      parser.on('error', (err: Error) =>
        stop(
          // The parser refuses a part header holding a NUL or another control character (in a
          // field or file name) before any code here sees the name: say so.
          /header/i.test(err.message)
            ? new ApiError('bad_request', `The ${opts.what} form has a malformed part header: a field or file name may not contain a NUL or other control character`)
            : unreadable(),
        ),
      );
      parser.on('close', () => {
        work.then(() => {
          if (!failure) resolve();
        });
      });
      input.on('error', () => stop(unreadable()));
      input.pipe(parser);
    });
  } catch (err) {
    await discardUploads(stored);
    await releaseReservation(quota?.id ?? null).catch(() => undefined); // else it lapses within the hour
    throw err;
  }
  const reservation = quota?.id ?? null;
  try {
    await settleReservation(reservation, usedInForm, stored.map((f) => f.key));
  } catch (err) {
    await discardUploads(stored);
    await releaseReservation(reservation).catch(() => undefined);
    throw err;
  }
  return { fields, files: stored, reservation };
}

/**
 * Runs `run` on a read form; if it fails, the form's stored files are removed. Either way the
 * form's quota reservation is handed back afterwards: its files rows count from then on.
 */
export async function usingUploads<T>(form: UploadForm, run: (form: UploadForm) => Promise<T>): Promise<T> {
  try {
    return await run(form);
  } catch (err) {
    await discardUploads(form.files);
    throw err;
  } finally {
    await releaseReservation(form.reservation ?? null).catch(() => undefined); // else it lapses within the hour
  }
}
