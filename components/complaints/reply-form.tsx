'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { replyToComplaint } from '@/lib/client/queries/complaints';
import { useT } from '@/components/shell/i18n-context';

// The customer's reply in a ticket's thread (POST .../messages); closed tickets take no reply.
export function ReplyForm({ ticketId, closed }: { ticketId: string; closed: boolean }) {
  const router = useRouter();
  const t = useT();
  const [body, setBody] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const [sent, setSent] = useState(false);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSent(false);
    if (!valid({ body: body.trim() ? undefined : t('reply.write') })) return;
    await submit(['body'], async () => {
      await replyToComplaint(ticketId, body.trim());
      setBody('');
      setErrors({});
      setSent(true);
      setBusy(false); // the thread stays open for the next reply
      router.refresh(); // the thread again, with the reply (the router's refresh is a transition already)
    });
  }

  const error = errors.body ?? errors.form;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-4 rounded-lg border border-gray-300 bg-white p-4" aria-label={t('reply.label')}>
      {error && <Alert>{error}</Alert>}
      {sent && <Alert kind="success">{t('reply.sent')}</Alert>}
      <label htmlFor="reply-body" className="mb-1 block font-medium text-gray-900">{t('reply.yours')}</label>
      {closed && (
        <p id="reply-closed" className="mb-2 text-sm text-gray-800" data-testid="reply-closed">
          {t('reply.closed')}
        </p>
      )}
      <textarea
        id="reply-body"
        className="mb-3 block min-h-24 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 disabled:bg-gray-100"
        maxLength={2000}
        value={body}
        disabled={closed}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={closed ? 'reply-closed' : undefined}
      />
      <Button type="submit" busy={busy} disabled={closed}>{t('reply.send')}</Button>
    </form>
  );
}
