'use client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { formErrorsOf, type FormErrors } from '@/lib/client/form-errors';
import { LEGAL_DOCUMENT_TYPES, type LegalDocumentType } from '@/lib/schemas/legal';
import { MAX_LEGAL_MARKDOWN_CHARS } from '@/lib/schemas/console-legal';
import { LegalDocumentView } from '@/components/legal/legal-document-view';
import { Alert } from '@/components/ui/alert';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { ConsoleButton } from '../button';
import { FieldError, inputClass } from '../ui';

// Publishing a new version of a legal document: write Markdown or choose a PDF, preview it as
// customers will see it (the same view as the brand's legal pages), then publish.

const FIELDS = ['documentType', 'markdown', 'file'];
const MAX_BYTES = 2 * 1024 * 1024;

export function PublishLegal({ brand, nextVersions }: { brand: string; nextVersions: Record<LegalDocumentType, number> }) {
  const router = useRouter();
  const id = useId();
  const [documentType, setDocumentType] = useState<LegalDocumentType>('Terms & Conditions');
  const [mode, setMode] = useState<'markdown' | 'pdf'>('markdown');
  const [markdown, setMarkdown] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);
  const previewRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);
  useEffect(() => {
    if (previewing) previewRef.current?.focus();
  }, [previewing]);

  async function preview(e: FormEvent) {
    e.preventDefault();
    setPublished(null);
    const local: FormErrors = {};
    if (mode === 'markdown') {
      if (!markdown.trim()) local.markdown = 'write the document first';
      else if (markdown.length > MAX_LEGAL_MARKDOWN_CHARS) local.markdown = `must be at most ${MAX_LEGAL_MARKDOWN_CHARS} characters`;
    } else if (!file) local.file = 'choose a PDF file';
    else if (file.size > MAX_BYTES) local.file = 'must be at most 2 MB';
    else if (!/\.pdf$/i.test(file.name)) local.file = 'must be a PDF (.pdf)';
    if (local.markdown || local.file) {
      setErrors(local);
      return setAttempt((n) => n + 1);
    }
    if (mode === 'pdf' && file) {
      // Checked again by the server when it is published.
      const head = new TextDecoder('latin1').decode(await file.slice(0, 5).arrayBuffer());
      if (head !== '%PDF-') {
        setErrors({ file: 'is not a PDF (it does not start with %PDF-)' });
        return setAttempt((n) => n + 1);
      }
      setPreviewUrl(URL.createObjectURL(file));
    }
    setErrors({});
    setPreviewing(true);
  }

  async function publish() {
    setBusy(true);
    setErrors({});
    const form = new FormData();
    form.append('documentType', documentType);
    if (mode === 'markdown') form.append('markdown', markdown);
    else if (file) form.append('file', file);
    try {
      const out = await consoleApi(CONSOLE_API.publishLegal, { params: { brand }, form });
      setPublished(`${out.documentType} version ${out.version} is published.`);
      setPreviewing(false);
      setMarkdown('');
      setFile(null);
      router.refresh();
    } catch (err) {
      setPreviewing(false);
      setErrors(formErrorsOf(err, FIELDS));
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }

  if (previewing) {
    const doc = {
      documentType,
      documentId: 'preview',
      version: nextVersions[documentType],
      format: mode,
      publishedAt: new Date().toISOString(),
      url: previewUrl ?? '',
      content: mode === 'markdown' ? markdown : null,
    } as const;
    return (
      <div>
        <h3 ref={previewRef} tabIndex={-1} className="mb-2 text-lg font-semibold text-gray-900">
          Preview: {documentType}, version {doc.version}
        </h3>
        <p className="mb-3 text-sm text-gray-700">This is how customers will see it. Nothing is published until you publish it.</p>
        <div className="mb-4 rounded-md border border-gray-300 bg-white p-4">
          {mode === 'markdown' ? (
            <LegalDocumentView document={doc} />
          ) : (
            // The page's policy frames only its own site's documents, so the chosen file opens in a tab.
            <article aria-label={documentType} className="flex flex-col gap-3">
              <p className="text-sm text-gray-700">Version {doc.version}, published today</p>
              <p className="text-gray-900">Customers see the PDF framed on the page, with this link to open it.</p>
              <a href={previewUrl ?? undefined} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline">
                Open the {documentType} (PDF)
              </a>
            </article>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <ConsoleButton type="button" busy={busy} onClick={() => void publish()}>
            Publish version {doc.version}
          </ConsoleButton>
          <ConsoleButton type="button" variant="secondary" disabled={busy} onClick={() => setPreviewing(false)}>
            Back to editing
          </ConsoleButton>
        </div>
      </div>
    );
  }

  const aria = (f: string) => ({ 'aria-invalid': errors[f] ? true : undefined, 'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined });
  return (
    <form ref={formRef} onSubmit={(e) => void preview(e)} noValidate className="max-w-3xl" aria-label="Publish a new version">
      {published && <Alert kind="success">{published}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="mb-4 max-w-sm">
        <label htmlFor={`${id}-type`} className="mb-1 block font-medium text-gray-900">
          Document
        </label>
        <select id={`${id}-type`} className={inputClass} value={documentType} onChange={(e) => setDocumentType(e.target.value as LegalDocumentType)} {...aria('documentType')}>
          {LEGAL_DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-documentType-error`} error={errors.documentType} />
      </div>
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium text-gray-900">Content</legend>
        <div className="flex gap-6">
          <label className="flex items-center gap-2 text-gray-900">
            <input type="radio" name={`${id}-mode`} className="h-5 w-5" checked={mode === 'markdown'} onChange={() => setMode('markdown')} /> Markdown text
          </label>
          <label className="flex items-center gap-2 text-gray-900">
            <input type="radio" name={`${id}-mode`} className="h-5 w-5" checked={mode === 'pdf'} onChange={() => setMode('pdf')} /> PDF file
          </label>
        </div>
      </fieldset>
      {mode === 'markdown' ? (
        <div className="mb-4">
          <label htmlFor={`${id}-markdown`} className="mb-1 block font-medium text-gray-900">
            Text (Markdown: # headings, lists, **bold**, [links](https://…))
          </label>
          <textarea id={`${id}-markdown`} className={`${inputClass} min-h-64 font-mono`} value={markdown} onChange={(e) => setMarkdown(e.target.value)} {...aria('markdown')} />
          <FieldError id={`${id}-markdown-error`} error={errors.markdown} />
        </div>
      ) : (
        <div className="mb-4">
          <label htmlFor={`${id}-file`} className="mb-1 block font-medium text-gray-900">
            PDF file (at most 2 MB)
          </label>
          <input id={`${id}-file`} type="file" accept="application/pdf,.pdf" className="block text-gray-900" onChange={(e) => setFile(e.target.files?.[0] ?? null)} {...aria('file')} />
          <FieldError id={`${id}-file-error`} error={errors.file} />
        </div>
      )}
      <ConsoleButton type="submit">Preview</ConsoleButton>
    </form>
  );
}
