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
import { ConfirmBox, useConfirmStep } from './confirm-step';
import { STAFF_HEADINGS } from './staff-headings';

// The owner's actions on the staff screen (/<brand>/staff): invite, change a role, remove, end a
// member's sessions, disable or enable a member, reset another member's second factor. Each calls
// the console API (which checks the role again), then the screen is read again from the server.
// Those that cannot simply be taken back (remove, cancel an invitation, disable or enable, reset
// a second factor) are asked again in words first, on the console's confirm step.

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

/** What an action that cannot simply be taken back says before it is sent (the console's confirm step). */
type Ask = { question: string; yes: string; cancel?: string };

/**
 * A button that calls the API and refreshes the screen, with the error (if any) announced beside
 * it. With `ask`, the button only opens the confirm step (components/console/confirm-step.tsx):
 * the question says what will happen, Yes sends it, Cancel (or Escape) sends nothing and gives
 * focus back to the button. `after`: the id of the element focused once it is done, where the
 * action takes its own button away (a removed member's row).
 */
function ActionButton({ label, run, ask, danger, after }: { label: string; run: () => Promise<unknown>; ask?: Ask; danger?: boolean; after?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const step = useConfirmStep();
  async function onClick() {
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
  const variant = danger ? 'danger-outline' : 'secondary';
  if (ask) {
    return (
      <span className={step.asking ? 'flex basis-full flex-col' : 'inline-flex flex-col'}>
        {!step.asking && (
          <ConsoleButton id={step.triggerId} size="sm" variant={variant} onClick={step.ask}>
            {label}…
          </ConsoleButton>
        )}
        <ConfirmBox
          step={step}
          size="sm"
          className="max-w-xl"
          tone={danger ? 'danger' : 'primary'}
          question={ask.question}
          yes={ask.yes}
          cancel={ask.cancel}
          onYes={() =>
            void step.act(
              async () => {
                await run();
                router.refresh();
              },
              // An action that takes its own button away (the row or the button goes with the
              // refresh) gives focus to a heading that stays, not to <body>.
              after ? { then: () => document.getElementById(after) } : undefined,
            )
          }
        />
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col">
      <ConsoleButton size="sm" variant={variant} onClick={onClick} busy={busy}>
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
      ask={{ question: `Take ${email} off this brand's staff? Everything of this brand is closed to them at once; to work here again they need a new invitation.`, yes: 'Yes, remove them' }}
      after={STAFF_HEADINGS.members}
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
      ask={{ question: `Cancel the invitation of ${email}? Its link stops working at once.`, yes: 'Yes, cancel the invitation', cancel: 'Keep the invitation' }}
      after={STAFF_HEADINGS.invitations}
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
      ask={{ question: `Enable ${email} again at this brand? They can sign in and work here with their role.`, yes: 'Yes, enable them' }}
      run={() => consoleApi(CONSOLE_API.enableMember, { params: { brand, staffId } })}
    />
  ) : (
    <ActionButton
      label={`Disable ${email}`}
      danger
      ask={{
        question: `Disable ${email} at this brand? Everything of this brand is closed to them at once; their sessions end if they have no other brand. Their role and work stay, and you can enable them again.`,
        yes: 'Yes, disable them',
      }}
      run={() => consoleApi(CONSOLE_API.disableMember, { params: { brand, staffId } })}
    />
  );
}

export function ResetSecondFactorButton({ brand, staffId, email }: { brand: string; staffId: string; email: string }) {
  return (
    <ActionButton
      label={`Reset the second factor of ${email}`}
      danger
      ask={{
        question: `Reset the second factor of ${email}? Their authenticator app and recovery codes stop working and every session of theirs ends; they set up an authenticator again at their next sign-in.`,
        yes: 'Yes, reset their second factor',
      }}
      run={() => consoleApi(CONSOLE_API.resetSecondFactor, { params: { brand, staffId } })}
      after={STAFF_HEADINGS.members}
    />
  );
}
