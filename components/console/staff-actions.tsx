'use client';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { STAFF_ROLES, type StaffRole } from '@/lib/domain/staff-roles';
import { ConsoleButton } from './button';

// The owner's actions on the staff screen (/<brand>/staff): invite, change a role, remove, end a
// member's sessions, disable or enable a member, reset another member's second factor. Each calls
// the console API (which checks the role again), then the screen is read again from the server.


function RoleOptions() {
  return (
    <>
      {STAFF_ROLES.map((r) => (
        <option key={r} value={r}>
          {r[0]!.toUpperCase() + r.slice(1)}
        </option>
      ))}
    </>
  );
}

export function InviteStaffForm({ brand }: { brand: string }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [sent, setSent] = useState<string>();
  const { errors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const roleId = useId();

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSent(undefined);
    if (!valid({ email: email.trim() ? undefined : 'Enter the e-mail address to invite' })) return;
    await submit(['email', 'role'], async () => {
      const res = await consoleApi(CONSOLE_API.invite, { params: { brand }, body: { email: email.trim(), role } });
      setSent(`Invitation sent to ${res.email} as ${res.role}.`);
      setEmail('');
      setBusy(false);
      router.refresh();
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="invite-title" className="mb-8 rounded-md border border-gray-300 bg-white p-4">
      <h2 id="invite-title" className="mb-3 text-lg font-semibold">
        Invite someone
      </h2>
      {sent && <Alert kind="success">{sent}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <Field label="E-mail" name="email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
      <div className="mb-4">
        <label htmlFor={roleId} className="mb-1 block font-medium">
          Role
        </label>
        <select
          id={roleId}
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
          aria-invalid={errors.role ? true : undefined}
          aria-describedby={errors.role ? `${roleId}-error` : undefined}
          className="min-h-11 w-full rounded-md border border-gray-500 bg-white px-3"
        >
          <RoleOptions />
        </select>
        {errors.role && (
          <p id={`${roleId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.role}
          </p>
        )}
      </div>
      <ConsoleButton type="submit" size="sm" busy={busy}>
        Send invitation
      </ConsoleButton>
    </form>
  );
}

/** A button that calls the API and refreshes the screen, with the error (if any) announced beside it. */
function ActionButton({ label, run, confirm, danger }: { label: string; run: () => Promise<unknown>; confirm?: string; danger?: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function onClick() {
    if (confirm && !window.confirm(confirm)) return;
    setBusy(true);
    setError(undefined);
    try {
      await run();
      router.refresh();
    } catch (err) {
      setError(errorMessageOf(undefined, err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex flex-col">
      <ConsoleButton size="sm" variant={danger ? 'danger-outline' : 'secondary'} onClick={onClick} busy={busy}>
        {label}
      </ConsoleButton>
      {error && (
        <span role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}

export function MemberRoleForm({ brand, staffId, email, role }: { brand: string; staffId: string; email: string; role: StaffRole }) {
  const router = useRouter();
  const [value, setValue] = useState<StaffRole>(role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();
  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await consoleApi(CONSOLE_API.changeRole, { params: { brand, staffId }, body: { role: value } });
      router.refresh();
    } catch (err) {
      setError(errorMessageOf(undefined, err).replace(/^role: /, ''));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {email}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value as StaffRole)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 rounded-md border border-gray-500 bg-white px-2"
      >
        <RoleOptions />
      </select>
      <ConsoleButton type="submit" size="sm" variant="secondary" disabled={value === role} busy={busy}>
        Save role<span className="sr-only"> of {email}</span>
      </ConsoleButton>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

export function RemoveMemberButton({ brand, staffId, email }: { brand: string; staffId: string; email: string }) {
  return (
    <ActionButton
      label={`Remove ${email}`}
      danger
      confirm={`Take ${email} off this brand's staff?`}
      run={() => consoleApi(CONSOLE_API.removeMember, { params: { brand, staffId } })}
    />
  );
}

export function EndSessionsButton({ brand, staffId, email, sessionId }: { brand: string; staffId: string; email: string; sessionId?: string }) {
  return (
    <ActionButton
      label={sessionId ? 'Sign out this session' : `Sign out ${email} at this brand`}
      run={() => (sessionId ? consoleApi(CONSOLE_API.endMemberSession, { params: { brand, staffId, sessionId } }) : consoleApi(CONSOLE_API.endMemberSessions, { params: { brand, staffId } }))}
    />
  );
}

export function ReinviteButton({ brand, email, role }: { brand: string; email: string; role: StaffRole }) {
  return <ActionButton label={`Invite ${email} again`} run={() => consoleApi(CONSOLE_API.invite, { params: { brand }, body: { email, role } })} />;
}

export function CancelInvitationButton({ brand, email }: { brand: string; email: string }) {
  return (
    <ActionButton
      label={`Cancel the invitation of ${email}`}
      danger
      confirm={`Cancel the invitation of ${email}? Its link stops working at once.`}
      run={() => consoleApi(CONSOLE_API.cancelInvitation, { params: { brand }, body: { email } })}
    />
  );
}

export function OwnSessionButton({ sessionId, all }: { sessionId?: string; all?: boolean }) {
  return (
    <ActionButton
      label={all ? 'Sign out all other sessions' : 'Sign out this session'}
      run={() => (all || !sessionId ? consoleApi(CONSOLE_API.endOtherOwnSessions) : consoleApi(CONSOLE_API.endOwnSession, { params: { sessionId } }))}
    />
  );
}

export function DisableMemberButton({ brand, staffId, email, disabled }: { brand: string; staffId: string; email: string; disabled: boolean }) {
  return disabled ? (
    <ActionButton
      label={`Enable ${email}`}
      confirm={`Enable ${email} again at this brand? They can sign in and work here with their role.`}
      run={() => consoleApi(CONSOLE_API.enableMember, { params: { brand, staffId } })}
    />
  ) : (
    <ActionButton
      label={`Disable ${email}`}
      danger
      confirm={`Disable ${email} at this brand? Everything of this brand is closed to them at once; their sessions end if they have no other brand. Their role and work stay, and you can enable them again.`}
      run={() => consoleApi(CONSOLE_API.disableMember, { params: { brand, staffId } })}
    />
  );
}

export function ResetSecondFactorButton({ brand, staffId, email }: { brand: string; staffId: string; email: string }) {
  return (
    <ActionButton
      label={`Reset the second factor of ${email}`}
      danger
      confirm={`Reset the second factor of ${email}? Their authenticator app and recovery codes stop working and every session of theirs ends; they set up an authenticator again at their next sign-in.`}
      run={() => consoleApi(CONSOLE_API.resetSecondFactor, { params: { brand, staffId } })}
    />
  );
}
