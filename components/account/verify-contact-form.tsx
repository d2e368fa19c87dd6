'use client';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { http } from '@/lib/client/lazy-http';
import { useProfileState } from '@/components/shell/profile';
import { OTP_LENGTH } from '@/lib/domain/auth-rules';
import type { ContactStatus } from '@/lib/schemas/auth';

// The confirmation of an account's contact with a code (docs/security.md, "Accounts"), shown by
// VerifyContactGate (./verify-contact-gate.tsx) to an account whose contact is not confirmed:
// a module of its own, loaded only for those accounts.
export default function VerifyContact({ status, what, onConfirmed }: { status: ContactStatus; what: string; onConfirmed: () => void }) {
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
