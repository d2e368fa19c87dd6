import Link from 'next/link';
import type { FileRef } from '@/lib/schemas/files';
import { formatSize } from './file-rules';

const KIND = { image: 'Image', video: 'Video', pdf: 'PDF' } as const;

// A link to preview one uploaded file on /file-preview.
export function FileLink({ file }: { file: FileRef }) {
  return (
    <Link className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-primary underline" href={`/file-preview?fileId=${encodeURIComponent(file.fileId)}`}>
      {file.name}
      <span className="text-sm text-gray-700 no-underline">({KIND[file.mediaType]}, {formatSize(file.size)})</span>
    </Link>
  );
}
