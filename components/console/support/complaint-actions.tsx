'use client';
import { useRouter } from 'next/navigation';
import { useState, useTransition, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import type { ComplaintStatus } from '@/lib/domain/complaints';
import { complaintStatusLabel } from './labels';
import { ConsoleButton } from '../button';

// What support staff do on a ticket: assign it, move its status by the allowed moves, reply to
// the customer (into the thread they read). Each form calls the console API and refreshes the page.

type Staff = { staffId: string; name: string; email: string };
type Props = {
  brand: string;
  ticketId: string;
  status: ComplaintStatus;
  nextStatuses: ComplaintStatus[];
  assigneeStaffId: string | null;
  staff: Staff[];
  selfStaffId: string;
};

const selectClass = 'block min-h-10 w-full rounded-md border border-gray-500 bg-white px-2 py-1.5 text-gray-900';

function useRefresh() {
  const router = useRouter();
  const [, startTransition] = useTransition();
  return () => startTransition(() => router.refresh());
}

function AssignForm({ brand, ticketId, status, assigneeStaffId, staff, selfStaffId }: Omit<Props, 'nextStatuses'>) {
  const refresh = useRefresh();
  const [staffId, setStaffId] = useState(assigneeStaffId ?? '');
  const [done, setDone] = useState('');
  const { errors, busy, setBusy, setErrors, formRef, submit } = useFormSubmit();
  const closed = status === 'closed';

  async function save(to: string) {
    setDone('');
    await submit(['staffId'], async () => {
      await consoleApi(CONSOLE_API.assignComplaint, { params: { brand, ticketId }, body: { staffId: to || null } });
      setErrors({});
      setBusy(false);
      setStaffId(to);
      setDone(to ? `Assigned to ${staff.find((s) => s.staffId === to)?.name ?? 'them'}.` : 'No longer assigned.');
      refresh();
    });
  }

  const error = errors.staffId ?? errors.form;
  return (
    <form ref={formRef} noValidate aria-label="Assign" className="rounded-lg border border-gray-300 bg-white p-4" onSubmit={(e: FormEvent) => (e.preventDefault(), save(staffId))}>
      {done && <Alert kind="success">{done}</Alert>}
      <label htmlFor="assign-staff" className="mb-1 block font-medium text-gray-900">Assigned to</label>
      <select
        id="assign-staff"
        className={selectClass}
        value={staffId}
        disabled={closed}
        onChange={(e) => setStaffId(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'assign-error' : closed ? 'assign-closed' : undefined}
      >
        <option value="">Nobody</option>
        {staff.map((s) => (
          <option key={s.staffId} value={s.staffId}>{s.name === s.email ? s.email : `${s.name} (${s.email})`}</option>
        ))}
      </select>
      {error && <p id="assign-error" role="alert" className="mt-1 text-sm font-medium text-red-700">{error}</p>}
      {closed && <p id="assign-closed" className="mt-1 text-sm text-gray-700">A closed ticket keeps its assignee; reopen it to change it.</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <ConsoleButton size="sm" type="submit" busy={busy} disabled={closed}>Save assignee</ConsoleButton>
        {staff.some((s) => s.staffId === selfStaffId) && assigneeStaffId !== selfStaffId && (
          <ConsoleButton size="sm" type="button" variant="secondary" busy={busy} disabled={closed} onClick={() => save(selfStaffId)}>Assign to me</ConsoleButton>
        )}
      </div>
    </form>
  );
}

function StatusForm({ brand, ticketId, status, nextStatuses }: Pick<Props, 'brand' | 'ticketId' | 'status' | 'nextStatuses'>) {
  const refresh = useRefresh();
  const [chosen, setTo] = useState<ComplaintStatus | ''>(nextStatuses[0] ?? '');
  // After a move the page brings new allowed moves: a choice no longer among them falls back to the first.
  const to = chosen && nextStatuses.includes(chosen) ? chosen : (nextStatuses[0] ?? '');
  const [done, setDone] = useState('');
  const { errors, busy, setBusy, setErrors, formRef, valid, submit } = useFormSubmit();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone('');
    if (!valid({ status: to ? undefined : 'Choose the status to move to.' }) || !to) return;
    await submit(['status'], async () => {
      await consoleApi(CONSOLE_API.complaintStatus, { params: { brand, ticketId }, body: { status: to } });
      setErrors({});
      setBusy(false);
      setDone(`Moved to ${complaintStatusLabel(to)}.`);
      refresh();
    });
  }

  const error = errors.status ?? errors.form;
  return (
    <form ref={formRef} noValidate aria-label="Status" className="rounded-lg border border-gray-300 bg-white p-4" onSubmit={onSubmit}>
      {done && <Alert kind="success">{done}</Alert>}
      <label htmlFor="status-to" className="mb-1 block font-medium text-gray-900">
        Move from {complaintStatusLabel(status)} to
      </label>
      <select
        id="status-to"
        className={selectClass}
        value={to}
        onChange={(e) => setTo(e.target.value as ComplaintStatus)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'status-error' : undefined}
      >
        {nextStatuses.map((s) => (
          <option key={s} value={s}>{complaintStatusLabel(s)}</option>
        ))}
      </select>
      {error && <p id="status-error" role="alert" className="mt-1 text-sm font-medium text-red-700">{error}</p>}
      <ConsoleButton size="sm" type="submit" busy={busy} className="mt-3">Change status</ConsoleButton>
    </form>
  );
}

function ReplyForm({ brand, ticketId, status }: Pick<Props, 'brand' | 'ticketId' | 'status'>) {
  const refresh = useRefresh();
  const [message, setMessage] = useState('');
  const [done, setDone] = useState(false);
  const { errors, busy, setBusy, setErrors, formRef, valid, submit } = useFormSubmit();
  const closed = status === 'closed';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    if (!valid({ message: message.trim() ? undefined : 'Write the reply first.' })) return;
    await submit(['message'], async () => {
      await consoleApi(CONSOLE_API.replyToComplaint, { params: { brand, ticketId }, body: { message: message.trim() } });
      setMessage('');
      setErrors({});
      setBusy(false);
      setDone(true);
      refresh();
    });
  }

  const error = errors.message ?? errors.form;
  const described = [error ? 'reply-error' : '', closed ? 'reply-closed' : ''].filter(Boolean).join(' ');
  return (
    <form ref={formRef} noValidate aria-label="Reply" className="rounded-lg border border-gray-300 bg-white p-4" onSubmit={onSubmit}>
      {done && <Alert kind="success">The reply was sent; the customer sees it in their ticket.</Alert>}
      <label htmlFor="reply-message" className="mb-1 block font-medium text-gray-900">Reply to the customer</label>
      <textarea
        id="reply-message"
        className="block min-h-24 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900 disabled:bg-gray-100"
        maxLength={2000}
        value={message}
        disabled={closed}
        onChange={(e) => setMessage(e.target.value)}
        aria-invalid={errors.message ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && <p id="reply-error" role="alert" className="mt-1 text-sm font-medium text-red-700">{error}</p>}
      {closed && <p id="reply-closed" className="mt-1 text-sm text-gray-700">The ticket is closed; reopen it to reply.</p>}
      <ConsoleButton size="sm" type="submit" busy={busy} disabled={closed} className="mt-3">Send reply</ConsoleButton>
    </form>
  );
}

export function ComplaintActions(props: Props) {
  return (
    <div className="grid gap-4">
      <AssignForm {...props} />
      <StatusForm {...props} />
      <ReplyForm {...props} />
    </div>
  );
}
