import { FILE_LIMITS, checkUpload, fileNameProblem, sanitizeFileName, sniffFile } from '@/lib/domain/files';

const bytes = (head: number[] | string, size = 64) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  return new Uint8Array(Buffer.concat([start, Buffer.alloc(Math.max(0, size - start.length))]));
};
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('sniffFile', () => {
  it.each([
    ['png', bytes(PNG), 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    ['webp', bytes('RIFF\x00\x00\x00\x00WEBPVP8 '), 'image/webp'],
    ['gif', bytes('GIF89a'), 'image/gif'],
    ['pdf', bytes('%PDF-1.4'), 'application/pdf'],
    ['mp4', bytes('\x00\x00\x00\x18ftypmp42'), 'video/mp4'],
    ['quicktime', bytes('\x00\x00\x00\x14ftypqt  '), 'video/quicktime'],
    ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
  ])('recognises %s by its magic bytes', (_n, b, type) => {
    expect(sniffFile(b)?.contentType).toBe(type);
  });

  it('recognises nothing else', () => {
    expect(sniffFile(bytes('hello'))).toBeUndefined();
    expect(sniffFile(new Uint8Array([0x89, 0x50]))).toBeUndefined();
  });
});

describe('checkUpload', () => {
  const ok = (name: string, b: Uint8Array, type = '') => checkUpload('file', { name, declaredType: type, bytes: b }, ['image', 'video', 'pdf']);

  it('accepts a real image and keeps a clean name', () => {
    expect(ok('Photo 1.png', bytes(PNG), 'image/png')).toMatchObject({ ok: true, name: 'Photo 1.png', kind: { mediaType: 'image' } });
  });

  it.each([
    ['an SVG', 'a.svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, 'file: SVG files are not accepted'],
    ['HTML with a BOM renamed .png', 'a.png', new Uint8Array(Buffer.from('\uFEFF  <!doctype html><p>', 'utf8')), 415, 'file: HTML files are not accepted'],
    ['an empty file', 'a.png', new Uint8Array(0), 422, 'file: the file is empty'],
    ['unknown bytes', 'a.png', bytes('MZ\x90\x00'), 415, "file: the file's content is not"],
    ['a PDF named .jpg', 'a.jpg', bytes('%PDF-1.7'), 415, 'does not match its type (image)'],
    ['a path', '../../etc/passwd', bytes(PNG), 422, 'must not contain a folder path'],
    ['a Windows path', 'C:\\temp\\a.png', bytes(PNG), 422, 'must not contain a folder path'],
    ['a control character', 'a\u0000.png', bytes(PNG), 422, 'control characters'],
    ['an oversized image', 'a.png', bytes(PNG, FILE_LIMITS.image + 1), 413, 'image files must be at most 5 MB'],
  ])('refuses %s', (_what, name, b, status, message) => {
    const r = ok(name, b);
    expect(r).toMatchObject({ ok: false, status });
    if (!r.ok) expect(r.message).toContain(message);
  });

  it('allows a PDF up to 10 MB and a video up to 25 MB', () => {
    expect(ok('a.pdf', bytes('%PDF-1.7', FILE_LIMITS.pdf)).ok).toBe(true);
    expect(ok('a.pdf', bytes('%PDF-1.7', FILE_LIMITS.pdf + 1)).ok).toBe(false);
    expect(ok('a.mp4', bytes('\x00\x00\x00\x18ftypisom', FILE_LIMITS.video)).ok).toBe(true);
  });

  it('refuses a media type the field does not take', () => {
    expect(checkUpload('invoice', { name: 'a.mp4', bytes: bytes('\x00\x00\x00\x18ftypisom') }, ['image', 'pdf'])).toMatchObject({ ok: false, status: 415 });
  });
});

describe('file names', () => {
  it('names the problem of a forged name, and none of a plain one', () => {
    expect(fileNameProblem('../x')).toMatch(/folder path/);
    expect(fileNameProblem('invoice.pdf')).toBeUndefined();
  });

  it.each([
    ['dir/sub/invoice.pdf', 'invoice.pdf'],
    ['..\\..\\evil.pdf', 'evil.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['a\u202egnp.pdf', 'agnp.pdf'],
    ['bad"name<>.pdf', 'bad_name__.pdf'],
    ['', 'file.pdf'],
    ['scan', 'scan.pdf'],
  ])('sanitises %j to %j', (name, clean) => {
    expect(sanitizeFileName(name, sniffFile(bytes('%PDF-1.7')))).toBe(clean);
  });

  it('keeps names at most 120 characters with their extension', () => {
    const clean = sanitizeFileName(`${'a'.repeat(300)}.pdf`, sniffFile(bytes('%PDF-1.7')));
    expect(clean).toHaveLength(120);
    expect(clean.endsWith('.pdf')).toBe(true);
  });
});
