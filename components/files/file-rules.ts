// What the upload forms check before sending, mirroring the server's limits (docs/after-sales.md
// "Files"); the server checks the bytes again and its answer (413/415/422) is shown as sent.

export const MB = 1024 * 1024;
const LIMITS = { image: 5 * MB, pdf: 10 * MB, video: 25 * MB } as const;
type MediaKind = keyof typeof LIMITS;

const IMAGE = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const VIDEO = ['video/mp4', 'video/quicktime', 'video/webm'];

export function kindOf(file: Pick<File, 'type' | 'name'>): MediaKind | undefined {
  const type = file.type.toLowerCase();
  if (IMAGE.includes(type)) return 'image';
  if (VIDEO.includes(type)) return 'video';
  if (type === 'application/pdf') return 'pdf';
  return undefined;
}

/** The problem with one chosen file, or undefined when it may be sent. */
export function fileProblem(file: Pick<File, 'type' | 'name' | 'size'>, allowed: readonly MediaKind[]): string | undefined {
  const kind = kindOf(file);
  const names = { image: 'an image (PNG, JPEG, WebP or GIF)', pdf: 'a PDF', video: 'a video (MP4, MOV or WebM)' };
  if (!kind || !allowed.includes(kind)) return `${file.name} is not ${allowed.map((k) => names[k]).join(' or ')}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > LIMITS[kind]) return `${file.name} is larger than ${LIMITS[kind] / MB} MB.`;
  return undefined;
}

/** The first problem of a set of files: too many, or one file's problem. */
export function filesProblem(files: readonly Pick<File, 'type' | 'name' | 'size'>[], allowed: readonly MediaKind[], max: number): string | undefined {
  if (files.length > max) return `Attach at most ${max} file${max === 1 ? '' : 's'}.`;
  for (const f of files) {
    const p = fileProblem(f, allowed);
    if (p) return p;
  }
  return undefined;
}

export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
