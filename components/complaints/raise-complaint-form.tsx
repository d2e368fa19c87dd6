'use client';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { filesProblem, formatSize } from '@/components/files/file-rules';
import type { FormErrors } from '@/lib/client/form-errors';
import { complaintOptionsQuery, raiseComplaint } from '@/lib/client/queries/complaints';
import { myProductsQuery } from '@/lib/client/queries/my-products';

const FIELDS = ['category', 'priority', 'description', 'unitId', 'attachments'] as const;
const input = 'block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900';
const labelCls = 'mb-1 block font-medium text-gray-900';

// /raise-complaint — category, priority (complaintConfig.priorities), optional product, description
// and up to 3 attachments, sent as multipart; then the new ticket's page.
export function RaiseComplaintForm({ unitId }: { unitId?: string }) {
  const router = useRouter();
  const options = useQuery(complaintOptionsQuery());
  const products = useQuery(myProductsQuery());
  const [category, setCategory] = useState('');
  const [priority, setPriority] = useState('');
  const [unit, setUnit] = useState(unitId ?? '');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const { errors, busy, formRef, valid, submit } = useFormSubmit();
  const id = useId();

  if (options.isPending) return <p className="text-gray-800">Loading…</p>;
  if (options.error) return <Alert>{options.error.message}</Alert>;
  const max = options.data.maxAttachments;

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const problems: FormErrors = {
      category: category ? undefined : 'Choose a category.',
      priority: priority ? undefined : 'Choose a priority.',
      description: description.trim().length < 10 ? 'Describe the problem in at least 10 characters.' : undefined,
      attachments: filesProblem(files, ['image', 'video', 'pdf'], max),
    };
    if (!valid(problems)) return;
    const form = new FormData();
    form.set('category', category);
    form.set('priority', priority);
    form.set('description', description.trim());
    if (unit) form.set('unitId', unit);
    for (const f of files) form.append('attachments', f, f.name);
    await submit(FIELDS, async () => {
      const ticket = await raiseComplaint(form);
      router.push(`/complaints/${encodeURIComponent(ticket.ticketId)}`);
    });
  }

  const err = (name: string) => errors[name];
  const describedBy = (name: string) => (err(name) ? `${id}-${name}-error` : undefined);
  const errorText = (name: string) => err(name) && <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">{err(name)}</p>;
  const summary = errors.form ?? FIELDS.map((f) => errors[f]).filter(Boolean).join(' ');

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {summary && <Alert>{summary}</Alert>}
      <div className="mb-4">
        <label htmlFor={`${id}-category`} className={labelCls}>Category</label>
        <select id={`${id}-category`} className={input} value={category} onChange={(e) => setCategory(e.target.value)} aria-invalid={err('category') ? true : undefined} aria-describedby={describedBy('category')}>
          <option value="">Choose a category</option>
          {options.data.categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        {errorText('category')}
      </div>
      <fieldset className="mb-4" aria-invalid={err('priority') ? true : undefined} aria-describedby={describedBy('priority')}>
        <legend className={labelCls}>Priority</legend>
        <div className="flex flex-wrap gap-2">
          {options.data.priorities.map((p) => (
            <label key={p} className="flex min-h-11 items-center gap-2 rounded-md border border-gray-400 bg-white px-3">
              <input type="radio" name="priority" value={p} checked={priority === p} onChange={() => setPriority(p)} />
              {p}
            </label>
          ))}
        </div>
        {errorText('priority')}
      </fieldset>
      <div className="mb-4">
        <label htmlFor={`${id}-unit`} className={labelCls}>Product (optional)</label>
        <select id={`${id}-unit`} className={input} value={unit} onChange={(e) => setUnit(e.target.value)} aria-invalid={err('unitId') ? true : undefined} aria-describedby={describedBy('unitId')}>
          <option value="">Not about one of my products</option>
          {(products.data ?? []).map((p) => (
            <option key={p.unitId} value={p.unitId}>{p.product.name} · batch {p.batch.batchNumber}</option>
          ))}
        </select>
        {errorText('unitId')}
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-description`} className={labelCls}>Description</label>
        <textarea id={`${id}-description`} className={`${input} min-h-32`} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} aria-invalid={err('description') ? true : undefined} aria-describedby={`${id}-description-hint ${describedBy('description') ?? ''}`.trim()} />
        <p id={`${id}-description-hint`} className="mt-1 text-sm text-gray-700">What happened? At least 10 characters. {description.length}/2000</p>
        {errorText('description')}
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-attachments`} className={labelCls}>Attachments (optional)</label>
        <input
          id={`${id}-attachments`}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp,image/gif,video/mp4,video/quicktime,video/webm,application/pdf"
          className={input}
          onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          aria-invalid={err('attachments') ? true : undefined}
          aria-describedby={`${id}-attachments-hint ${describedBy('attachments') ?? ''}`.trim()}
        />
        <p id={`${id}-attachments-hint`} className="mt-1 text-sm text-gray-700">Up to {max} files: photos (5 MB), videos (25 MB) or PDFs (10 MB).</p>
        {files.length > 0 && (
          <ul className="mt-1 text-sm text-gray-800" aria-label="Chosen files">
            {files.map((f) => <li key={f.name + f.size}>{f.name} ({formatSize(f.size)})</li>)}
          </ul>
        )}
        {errorText('attachments')}
      </div>
      <Button type="submit" busy={busy}>Send complaint</Button>
    </form>
  );
}
