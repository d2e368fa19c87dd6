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
import { useT } from '@/components/shell/i18n-context';

const FIELDS = ['category', 'priority', 'description', 'unitId', 'attachments'] as const;
const input = 'block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900';
const labelCls = 'mb-1 block font-medium text-gray-900';

// /raise-complaint — category, priority (complaintConfig.priorities), optional product, description
// and up to 3 attachments, sent as multipart; then the new ticket's page.
export function RaiseComplaintForm({ unitId }: { unitId?: string }) {
  const router = useRouter();
  const t = useT();
  const options = useQuery(complaintOptionsQuery());
  const products = useQuery(myProductsQuery());
  const [category, setCategory] = useState('');
  const [priority, setPriority] = useState('');
  const [unit, setUnit] = useState(unitId ?? '');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const { errors, busy, formRef, valid, submit } = useFormSubmit();
  const id = useId();

  if (options.isPending) return <p className="text-gray-800">{t('complaints.loading')}</p>;
  if (options.error) return <Alert>{options.error.message}</Alert>;
  const max = options.data.maxAttachments;

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const problems: FormErrors = {
      category: category ? undefined : t('complaints.chooseCategory'),
      priority: priority ? undefined : t('complaints.choosePriority'),
      description: description.trim().length < 10 ? t('complaints.describe') : undefined,
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
        <label htmlFor={`${id}-category`} className={labelCls}>{t('complaints.category')}</label>
        <select id={`${id}-category`} className={input} value={category} onChange={(e) => setCategory(e.target.value)} aria-invalid={err('category') ? true : undefined} aria-describedby={describedBy('category')}>
          <option value="">{t('complaints.categoryPlaceholder')}</option>
          {options.data.categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
        {errorText('category')}
      </div>
      <fieldset className="mb-4" aria-invalid={err('priority') ? true : undefined} aria-describedby={describedBy('priority')}>
        <legend className={labelCls}>{t('complaints.priorityLabel')}</legend>
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
        <label htmlFor={`${id}-unit`} className={labelCls}>{t('complaints.product')}</label>
        <select id={`${id}-unit`} className={input} value={unit} onChange={(e) => setUnit(e.target.value)} aria-invalid={err('unitId') ? true : undefined} aria-describedby={describedBy('unitId')}>
          <option value="">{t('complaints.noProduct')}</option>
          {(products.data ?? []).map((p) => (
            <option key={p.unitId} value={p.unitId}>{t('complaints.productOption', { product: p.product.name, batch: p.batch.batchNumber })}</option>
          ))}
        </select>
        {errorText('unitId')}
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-description`} className={labelCls}>{t('complaints.description')}</label>
        <textarea id={`${id}-description`} className={`${input} min-h-32`} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} aria-invalid={err('description') ? true : undefined} aria-describedby={`${id}-description-hint ${describedBy('description') ?? ''}`.trim()} />
        <p id={`${id}-description-hint`} className="mt-1 text-sm text-gray-700">{t('complaints.descriptionHint', { count: description.length })}</p>
        {errorText('description')}
      </div>
      <div className="mb-4">
        <label htmlFor={`${id}-attachments`} className={labelCls}>{t('complaints.attachments')}</label>
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
        <p id={`${id}-attachments-hint`} className="mt-1 text-sm text-gray-700">{t('complaints.attachmentsHint', { max })}</p>
        {files.length > 0 && (
          <ul className="mt-1 text-sm text-gray-800" aria-label={t('complaints.chosenFiles')}>
            {files.map((f) => <li key={f.name + f.size}>{f.name} ({formatSize(f.size)})</li>)}
          </ul>
        )}
        {errorText('attachments')}
      </div>
      <Button type="submit" busy={busy}>{t('complaints.send')}</Button>
    </form>
  );
}
