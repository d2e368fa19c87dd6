import Link from 'next/link';
import { Page } from '@/components/ui/page';
import { FilePreview } from '@/components/files/file-preview';
import { readSession } from '@/lib/server/session';
import { LOGIN_PATH, RETURN_PARAM } from '@/lib/shared/routes';
import { legalDocumentById } from '@/lib/server/legal-documents';
import { LegalDocumentView } from '@/components/legal/legal-document-view';

// /file-preview?fileId= — an image, video or PDF the customer uploaded (complaint attachments,
// warranty invoices). Anyone may open the route, but files are private to their owner: a visitor
// without a session is asked to sign in and is brought back here afterwards.
// /file-preview?documentId= — one of the brand's own documents (its legal policies, Markdown or
// PDF), public like the policy pages.
export default async function FilePreviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const docId = typeof params.documentId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(params.documentId) ? params.documentId : undefined;
  if (params.documentId !== undefined) {
    const document = docId ? await legalDocumentById(docId) : undefined;
    if (!document) return <Page title="File preview" intro="This document was not found." />;
    return (
      <Page title={document.documentType}>
        <LegalDocumentView document={document} />
      </Page>
    );
  }
  const raw = params.fileId;
  const fileId = typeof raw === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : undefined;
  if (!fileId) {
    return <Page title="File preview" intro="Images, videos and PDF files attached to your complaints and warranties open here when you choose them there." />;
  }
  const session = await readSession();
  if (!session) {
    const back = `/file-preview?fileId=${encodeURIComponent(fileId)}`;
    return (
      <Page title="File preview">
        <p className="text-gray-800" data-testid="sign-in-to-preview">Files you uploaded are private. Sign in to see this file.</p>
        <p className="mt-4">
          <Link className="font-medium text-brand-primary underline" href={`${LOGIN_PATH}?${RETURN_PARAM}=${encodeURIComponent(back)}`}>
            Sign in
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="File preview">
      <FilePreview fileId={fileId} />
    </Page>
  );
}
