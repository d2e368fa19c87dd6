'use client';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { fetchBlob } from '@/lib/client/upload';
import { fileNameOf } from './disposition';
import { formatSize } from './file-rules';
import { errorMessageOf } from '@/lib/shared/fetch-rules';

type Loaded = { url: string; type: string; name: string; size: number };

// Previews one of the customer's files (GET /api/customer/files/{id}?disposition=inline, Bearer):
// the bytes are fetched with the token and shown from a blob: URL — an image or a video inline,
// a PDF as an "Open" link (phones open PDFs in their own viewer; the API's sandbox CSP keeps
// browsers from rendering it inside the page) — with a download link for every kind.
export function FilePreview({ fileId }: { fileId: string }) {
  const [file, setFile] = useState<Loaded>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    fetchBlob(`/customer/files/${encodeURIComponent(fileId)}?disposition=inline`)
      .then(({ blob, headers }) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFile({ url, type: blob.type, name: fileNameOf(headers.get('content-disposition'), 'file'), size: blob.size });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const status = (err as { status?: number }).status;
        setError(status === 404 ? 'This file was not found. It may belong to another account.' : errorMessageOf(undefined, err));
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);

  if (error) return <Alert>{error}</Alert>;
  if (!file) return <p className="text-gray-800" role="status">Loading the file…</p>;
  const download = (
    <a className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-primary px-4 font-semibold text-brand-text" href={file.url} download={file.name}>
      Download {file.name}
    </a>
  );
  return (
    <figure data-testid="file-preview" data-type={file.type}>
      {file.type.startsWith('image/') ? (
        // eslint-disable-next-line @next/next/no-img-element -- a blob: URL of the customer's own upload; next/image cannot load it
        <img src={file.url} alt={`Preview of ${file.name}`} className="max-h-[70vh] w-full rounded-lg border border-gray-300 bg-white object-contain" />
      ) : file.type.startsWith('video/') ? (
        <video src={file.url} controls playsInline className="max-h-[70vh] w-full rounded-lg border border-gray-300 bg-black" aria-label={`Video ${file.name}`} />
      ) : (
        <div className="rounded-lg border border-gray-300 bg-white p-4">
          <p className="font-semibold text-gray-900">PDF document</p>
          <p className="mt-1">
            <a className="font-medium text-brand-primary underline" href={file.url} target="_blank" rel="noopener">
              Open {file.name}
            </a>
          </p>
        </div>
      )}
      <figcaption className="mt-2 text-sm text-gray-800">{file.name} · {formatSize(file.size)}</figcaption>
      {download}
    </figure>
  );
}
