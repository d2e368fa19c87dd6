import type { LegalDocument } from '@/lib/schemas/legal';
import { Markdown } from './markdown';

// One legal document as a page shows it (/terms-of-use, /privacy-policy): Markdown rendered,
// a PDF framed from GET /api/legal/documents/{id} with a link to open it. Server-renderable.
export function LegalDocumentView({ document, id }: { document: LegalDocument; id?: string }) {
  const published = new Date(document.publishedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <article id={id} aria-label={document.documentType} className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">
        Version {document.version}, published {published}
      </p>
      {document.format === 'markdown' && document.content !== null ? (
        <Markdown source={document.content} />
      ) : (
        <>
          <iframe src={document.url} title={document.documentType} className="h-[70vh] w-full rounded border border-gray-300" />
          <a href={document.url} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline">
            Open the {document.documentType} (PDF)
          </a>
        </>
      )}
    </article>
  );
}
