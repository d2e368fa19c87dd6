'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { ConsoleButton } from './button';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { CodeField } from './code-field';
import { goToNextStep } from './next-step';
import { RecoveryCodesShown } from './recovery-codes';

type Enrolment = { secret: string; uri: string; qrSvg: string };

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

// /enrol — the first sign-in sets up an authenticator app: a new secret (QR code and text),
// confirmed by the first code the app shows; then the account's ten recovery codes, shown once.
export function EnrolForm({ from }: { from: string }) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [loadError, setLoadError] = useState<string>();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const { errors, busy, formRef, valid, submit } = useFormSubmit();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return; // one secret per visit (a second request would replace the one shown)
    asked.current = true;
    consoleApi(CONSOLE_API.totpEnrol).then(setEnrolment, (err) => setLoadError(errorMessageOf(undefined, err)));
  }, []);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ code: /^\d{6}$/.test(code) ? undefined : 'Enter the 6-digit code' })) return;
    await submit(['code'], async () => {
      const { next, recoveryCodes: made } = await consoleApi(CONSOLE_API.totpConfirm, { body: { code } });
      if (!made?.length) return goToNextStep(next, from);
      setRecoveryCodes(made); // shown once, before the console opens
    });
  }

  if (recoveryCodes)
    return (
      <RecoveryCodesShown codes={recoveryCodes}>
        <ConsoleButton type="button" className="w-full" onClick={() => goToNextStep('done', from)}>
          I have saved them: continue
        </ConsoleButton>
      </RecoveryCodesShown>
    );
  if (loadError) return <Alert>{loadError}</Alert>;
  if (!enrolment) return <p role="status">Preparing your authenticator set-up…</p>;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <ol className="mb-4 list-decimal space-y-2 pl-5 text-gray-800">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG document, not a file to optimise */}
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code to add the brand console to your authenticator app" width={200} height={200} className="mx-auto mb-4 bg-white" />
      <p className="mb-1 font-medium">Key to type in</p>
      <p className="mb-4 break-all rounded bg-gray-100 p-2 font-mono text-lg" data-testid="totp-secret">
        {grouped(enrolment.secret)}
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      <CodeField value={code} onChange={setCode} error={errors.code} />
      <ConsoleButton type="submit" className="w-full" busy={busy}>
        Confirm and continue
      </ConsoleButton>
    </form>
  );
}
