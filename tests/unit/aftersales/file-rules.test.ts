import { fileProblem, filesProblem, formatSize, kindOf, MB } from '@/components/files/file-rules';
import { fileNameOf } from '@/components/files/disposition';
import { vpaProblem } from '@/components/rewards/vpa';

// The checks the upload forms make before sending (the server checks the bytes again).

const f = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('upload checks', () => {
  it('recognises images, videos and PDFs by their declared type and refuses SVG and HTML', () => {
    expect(kindOf(f('a.png', 'image/png'))).toBe('image');
    expect(kindOf(f('a.mov', 'video/quicktime'))).toBe('video');
    expect(kindOf(f('a.pdf', 'application/pdf'))).toBe('pdf');
    expect(fileProblem(f('a.svg', 'image/svg+xml'), ['image', 'pdf'])).toBe('a.svg is not an image (PNG, JPEG, WebP or GIF) or a PDF.');
    expect(fileProblem(f('a.html', 'text/html'), ['image'])).toMatch(/is not an image/);
  });

  it('refuses a video where only images and PDFs are allowed', () => {
    expect(fileProblem(f('v.mp4', 'video/mp4'), ['image', 'pdf'])).toMatch(/^v\.mp4 is not/);
    expect(fileProblem(f('v.mp4', 'video/mp4'), ['image', 'video', 'pdf'])).toBeUndefined();
  });

  it('refuses empty files and files over the limit of their kind', () => {
    expect(fileProblem(f('a.png', 'image/png', 0), ['image'])).toBe('a.png is empty.');
    expect(fileProblem(f('a.png', 'image/png', 5 * MB + 1), ['image'])).toBe('a.png is larger than 5 MB.');
    expect(fileProblem(f('a.pdf', 'application/pdf', 5 * MB + 1), ['pdf'])).toBeUndefined();
    expect(fileProblem(f('v.webm', 'video/webm', 25 * MB + 1), ['video'])).toBe('v.webm is larger than 25 MB.');
  });

  it('refuses more files than allowed, and names the first bad file otherwise', () => {
    const ok = f('a.png', 'image/png');
    expect(filesProblem([ok, ok, ok, ok], ['image'], 3)).toBe('Attach at most 3 files.');
    expect(filesProblem([ok, f('b.txt', 'text/plain')], ['image'], 3)).toMatch(/^b\.txt is not/);
    expect(filesProblem([], ['image'], 3)).toBeUndefined();
  });

  it('formats sizes in KB and MB', () => {
    expect(formatSize(100)).toBe('1 KB');
    expect(formatSize(2.5 * MB)).toBe('2.5 MB');
  });
});

describe('download names', () => {
  it('prefers the UTF-8 name, falls back to the ASCII one, and drops any folder', () => {
    expect(fileNameOf(`inline; filename="seal.png"; filename*=UTF-8''s%C3%A9al.png`, 'file')).toBe('séal.png');
    expect(fileNameOf('attachment; filename="invoice.pdf"', 'file')).toBe('invoice.pdf');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'file')).toBe('passwd');
    expect(fileNameOf(null, 'file')).toBe('file');
    expect(fileNameOf(`inline; filename*=UTF-8''%E0%A4`, 'file')).toBe('file');
  });
});

describe('UPI id check', () => {
  it('accepts name@bank and an empty value (remove), refuses anything else', () => {
    expect(vpaProblem('asha@okbank')).toBeUndefined();
    expect(vpaProblem('  ')).toBeUndefined();
    expect(vpaProblem('asha')).toBe('Enter a UPI id like name@bank.');
    expect(vpaProblem('asha@ok bank')).toBe('Enter a UPI id like name@bank.');
    expect(vpaProblem('a@1bank')).toBe('Enter a UPI id like name@bank.');
  });
});
