import type { ConsoleFile } from '@/lib/schemas/console-complaints';

// An uploaded file seen in place by staff, through the staff endpoint that checks the brand:
// images inline, videos in a player, PDFs in the browser's viewer framed on the page (the file
// answer keeps its sandbox policy: the viewer shows a PDF under it, and nothing in the file runs
// in the console's origin), each with a link to open or download it.

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export function AttachmentView({ file }: { file: ConsoleFile }) {
  const inline = `${file.url}?disposition=inline`;
  return (
    <figure className="rounded-lg border border-gray-300 bg-white p-2">
      {file.mediaType === 'image' && (
        // eslint-disable-next-line @next/next/no-img-element -- a private upload, served as it is, not through the image optimiser
        <img src={inline} alt={`Attachment ${file.name}`} className="max-h-64 w-full object-contain" />
      )}
      {file.mediaType === 'video' && <video src={inline} controls preload="metadata" className="max-h-64 w-full" aria-label={`Video ${file.name}`} />}
      {file.mediaType === 'pdf' && <iframe src={inline} title={`Attachment ${file.name}`} className="h-96 w-full rounded border border-gray-200" />}
      <figcaption className="mt-1 text-sm text-gray-900">
        <a href={file.mediaType === 'pdf' ? inline : `${file.url}?disposition=attachment`} target={file.mediaType === 'pdf' ? '_blank' : undefined} rel="noopener" className="text-blue-800 underline underline-offset-2">
          {file.mediaType === 'pdf' ? `Open ${file.name} (PDF)` : `Download ${file.name}`}
        </a>{' '}
        <span className="text-gray-700">{sizeText(file.size)}</span>
      </figcaption>
    </figure>
  );
}
