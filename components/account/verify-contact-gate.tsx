'use client';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { http } from '@/lib/client/http';
import { CONTACT_STATUS_PATH } from '@/lib/client/queries/contact-status';
import { useProfileState } from '@/components/shell/profile';
import { OTP_LENGTH } from '@/lib/domain/auth-rules';
import type { ContactStatus } from '@/lib/schemas/auth';

// Profile, UPI, rewards and payouts wait until the account's contact is confirmed with a code
// (docs/security.md, "Accounts"). Until then this shows why, sends the code and takes it; once
// confirmed it shows its children. One call (GET contact-status) with the fetch core, not React
// Query, so the pages behind it do not load that library first.
type GateState = { status?: ContactStatus; failed?: boolean };

export function VerifyContactGate({ what, children }: { what: string; children: ReactNode }) {
  const [state, setState] = useState<GateState>({});
  // Bumped when the contact was confirmed here: the status is asked for again.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    http<ContactStatus>(CONTACT_STATUS_PATH).then(
      (status) => live && setState({ status }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [asked]);
  if (state.failed) return <>{children}</>; // the children show the API's own answer
  if (!state.status) return null;
  if (state.status.contactVerified) return <>{children}</>;
  return <VerifyContact status={state.status} what={what} onConfirmed={() => setAsked((n) => n + 1)} />;
}

function VerifyContact({ status, what, onConfirmed }: { status: ContactStatus; what: string; onConfirmed: () => void }) {
  const { refreshProfile } = useProfileState();
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const contactWord = status.channel === 'mobile' ? 'mobile number' : 'e-mail address';

  async function send() {
    await submit([], async () => {
      const sent = await http<{ maskedContact: string }>('/auth/customer/verify-contact/send', { method: 'POST' });
      setSentTo(sent.maskedContact);
      setErrors({});
      setBusy(false);
    });
  }

  async function onSend(ev: FormEvent) {
    ev.preventDefault();
    await send();
  }

  async function confirm(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ otp: new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim()) ? undefined : `Enter the ${OTP_LENGTH}-digit code` })) return;
    await submit(['otp'], async () => {
      await http('/auth/customer/verify-contact', { method: 'POST', body: { otp: code.trim() } });
      onConfirmed();
      await refreshProfile();
    });
  }

  return (
    <section aria-labelledby="verify-contact-title" className="rounded-lg border border-gray-300 bg-white p-4" data-testid="verify-contact">
      <h2 id="verify-contact-title" className="mb-2 text-lg font-semibold text-gray-900">
        Confirm your {contactWord}
      </h2>
      <p className="mb-4 text-gray-800">
        To see {what}, confirm that {status.maskedContact ?? 'your contact'} is yours. We send a {OTP_LENGTH}-digit code to it.
      </p>
      <form ref={formRef} onSubmit={sentTo ? confirm : onSend} noValidate>
        {errors.form && <Alert>{errors.form}</Alert>}
        {sentTo ? (
          <>
            <Alert kind="success">We sent a code to {sentTo}.</Alert>
            <Field
              label="Code"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={OTP_LENGTH}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              error={errors.otp}
              required
            />
            <Button type="submit" busy={busy}>Confirm</Button>
            <button type="button" className="mt-4 min-h-11 underline" onClick={send}>
              Send a new code
            </button>
          </>
        ) : (
          <Button type="submit" busy={busy}>Send code</Button>
        )}
      </form>
    </section>
  );
}
