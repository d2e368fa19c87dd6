// Uploaded files (complaint attachments, warranty invoices): the type is decided by the bytes,
// never by the name or the declared Content-Type; SVG, HTML and anything unrecognised are
// refused (docs/after-sales.md). Pure: no I/O.

export type MediaType = 'image' | 'video' | 'pdf';

export const FILE_LIMITS: Readonly<Record<MediaType, number>> = {
  image: 5 * 1024 * 1024,
  pdf: 10 * 1024 * 1024,
  video: 25 * 1024 * 1024,
};

type Kind = { mediaType: MediaType; contentType: string; extensions: readonly string[] };

const KINDS = {
  png: { mediaType: 'image', contentType: 'image/png', extensions: ['png'] },
  jpeg: { mediaType: 'image', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { mediaType: 'image', contentType: 'image/webp', extensions: ['webp'] },
  gif: { mediaType: 'image', contentType: 'image/gif', extensions: ['gif'] },
  mp4: { mediaType: 'video', contentType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  quicktime: { mediaType: 'video', contentType: 'video/quicktime', extensions: ['mov'] },
  webm: { mediaType: 'video', contentType: 'video/webm', extensions: ['webm'] },
  pdf: { mediaType: 'pdf', contentType: 'application/pdf', extensions: ['pdf'] },
} as const satisfies Record<string, Kind>;
export type SniffedFile = (typeof KINDS)[keyof typeof KINDS];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

/** The file's kind by its magic bytes, or undefined. */
export function sniffFile(b: Uint8Array): SniffedFile | undefined {
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return KINDS.png;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return KINDS.jpeg;
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return KINDS.webp;
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return KINDS.gif;
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return KINDS.pdf;
  if (b.length >= 12 && ascii(b, 4, 8) === 'ftyp') return ascii(b, 8, 12) === 'qt  ' ? KINDS.quicktime : KINDS.mp4;
  if (b.length >= 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return KINDS.webm;
  return undefined;
}

/** Markup that browsers would render (and run scripts in) is named, so the refusal is clear. */
function markupKind(b: Uint8Array): 'SVG' | 'HTML' | undefined {
  const head = ascii(b, 0, 1024).replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  if (!head.startsWith('<')) return undefined;
  if (head.includes('<svg')) return 'SVG';
  if (/<(!doctype html|html|head|body|script|iframe)/.test(head)) return 'HTML';
  return undefined;
}

const MEDIA_BY_EXTENSION = new Map<string, MediaType>(
  Object.values(KINDS).flatMap((k) => k.extensions.map((e) => [e, k.mediaType] as const)),
);

function declaredMedia(name: string, declaredType: string | undefined): MediaType | undefined {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
  if (ext && MEDIA_BY_EXTENSION.has(ext)) return MEDIA_BY_EXTENSION.get(ext);
  const t = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (t === 'application/pdf') return 'pdf';
  if (t?.startsWith('image/') && t !== 'image/svg+xml') return 'image';
  if (t?.startsWith('video/')) return 'video';
  return undefined;
}

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
const LABELS: Record<MediaType, string> = { image: 'an image (PNG, JPEG, WebP or GIF)', video: 'a video (MP4, MOV or WebM)', pdf: 'a PDF' };

/** Why a name is refused: path parts and control characters are signs of a forged upload. */
export function fileNameProblem(name: string): string | undefined {
  if (name.length > 255) return 'the file name is too long (at most 255 characters)';
  if (/[/\\]/.test(name) || name === '.' || name === '..') return 'the file name must not contain a folder path';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'the file name must not contain control characters';
  return undefined;
}

/**
 * A name safe to store and to put in a Content-Disposition header: no path, no control or
 * bidirectional-override characters, no characters Windows refuses, an extension matching the
 * content, at most 120 characters.
 */
export function sanitizeFileName(name: string, kind?: SniffedFile): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  let clean = base
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const ext = /\.([a-z0-9]{1,8})$/i.exec(clean)?.[1]?.toLowerCase();
  if (kind && !(ext && (kind.extensions as readonly string[]).includes(ext))) clean = `${clean || 'file'}.${kind.extensions[0]}`;
  if (!clean) clean = 'file';
  if (clean.length > 120) {
    const dot = clean.lastIndexOf('.');
    const tail = dot > 0 && clean.length - dot <= 9 ? clean.slice(dot) : '';
    clean = clean.slice(0, 120 - tail.length) + tail;
  }
  return clean;
}

export type UploadCheck =
  | { ok: true; kind: SniffedFile; name: string }
  | { ok: false; status: 413 | 415 | 422; message: string };

/** How many first bytes of a file decide its kind (the markup check reads the first 1024). */
export const HEAD_BYTES = 4096;

/**
 * Checks an upload by its name, declared type and first bytes (`head`, at least HEAD_BYTES of
 * it unless the file is shorter), before the rest is read; the size is checked as it streams in.
 */
export function checkUploadHead(
  field: string,
  file: { name: string; declaredType?: string; head: Uint8Array },
  allowed: readonly MediaType[],
): UploadCheck {
  const nameProblem = fileNameProblem(file.name);
  if (nameProblem) return { ok: false, status: 422, message: `${field}: ${nameProblem}` };
  if (file.head.length === 0) return { ok: false, status: 422, message: `${field}: the file is empty` };
  const expected = allowed.map((m) => LABELS[m]).join(' or ');
  const markup = markupKind(file.head);
  if (markup) return { ok: false, status: 415, message: `${field}: ${markup} files are not accepted; send ${expected}` };
  const kind = sniffFile(file.head);
  if (!kind || !allowed.includes(kind.mediaType)) {
    return { ok: false, status: 415, message: `${field}: the file's content is not ${expected}` };
  }
  const declared = declaredMedia(file.name, file.declaredType);
  if (declared && declared !== kind.mediaType) {
    return { ok: false, status: 415, message: `${field}: the file's content (${kind.mediaType}) does not match its type (${declared})` };
  }
  return { ok: true, kind, name: sanitizeFileName(file.name, kind) };
}

/** The refusal of a file of this kind that grew past its limit. */
export function tooLargeMessage(field: string, mediaType: MediaType): string {
  return `${field}: ${mediaType} files must be at most ${MB(FILE_LIMITS[mediaType])}`;
}

/** Checks one whole upload (head and size) against the media types a field accepts. */
export function checkUpload(
  field: string,
  file: { name: string; declaredType?: string; bytes: Uint8Array },
  allowed: readonly MediaType[],
): UploadCheck {
  const r = checkUploadHead(field, { name: file.name, declaredType: file.declaredType, head: file.bytes.subarray(0, HEAD_BYTES) }, allowed);
  if (!r.ok) return r;
  if (file.bytes.length > FILE_LIMITS[r.kind.mediaType]) return { ok: false, status: 413, message: tooLargeMessage(field, r.kind.mediaType) };
  return r;
}
