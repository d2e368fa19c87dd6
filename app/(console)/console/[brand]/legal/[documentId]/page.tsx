import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleLegalDocumentRoute } from '@/lib/server/routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { LegalDocumentView } from '@/components/legal/legal-document-view';
import { linkClass } from '@/components/console/ui';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// One published version of a legal document, shown as customers see it.

export default async function LegalVersionPage({ params }: { params: Promise<{ brand: string; documentId: string }> }) {
  const { brand, documentId } = await params;
  await requireStaffPage(brand, 'legal', 'read');
  const doc = await callRoute(consoleLegalDocumentRoute, { params: { brand, documentId } }).catch((err: unknown) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  });
  return (
    <div>
      <p className="mb-2">
        <Link href={`/${brand}/legal`} className={linkClass}>
          Legal documents
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">
        {doc.documentType}, version {doc.version}
      </h1>
      <div className="max-w-3xl rounded-md border border-gray-300 bg-white p-4">
        <LegalDocumentView
          document={{
            documentType: doc.documentType,
            documentId: doc.documentId,
            version: doc.version,
            format: doc.format,
            publishedAt: doc.publishedAt,
            url: consoleApiHref(CONSOLE_API.legalDocument, { brand, documentId: doc.documentId }),
            content: doc.content,
          }}
        />
      </div>
    </div>
  );
}
