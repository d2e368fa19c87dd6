'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import type { FormErrors } from '@/lib/client/form-errors';

// For brands with authentication codes (isVTCodesEnabled): the 10 characters under the
// scratch-off verify the unit after purchase (and claim it), like scanning its hidden code.
// Case does not matter and O/0, I/1 are read alike (the API normalises). The verdict is shown
// on /scan-result.
/** When the code could not be sent because the page's own script did not arrive. */
const LOAD_FAILED = 'Could not send the code. Check your connection and try again.';

export function AuthCodeForm() {
  const router = useRouter();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);
  /** Shows these errors and moves focus to the code field (else the alert). */
  const fail = (e: FormErrors) => {
    setErrors(e);
    setAttempt((n) => n + 1);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return fail({ code: 'Enter the code printed under the scratch-off' });
    setBusy(true);
    setErrors({});
    // The API client and the verdict check load with the first code sent, not with the page.
    const problems = await import('./send-auth-code').then(
      ({ sendAuthCode }) => sendAuthCode(code),
      (): FormErrors => ({ form: LOAD_FAILED }),
    );
    if (!problems) return router.push('/scan-result');
    fail(problems);
    setBusy(false);
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="auth-code-heading" className="mt-6 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="auth-code-heading" className="mb-3 text-lg font-semibold text-gray-900">Code under the scratch-off</h2>
      {errors.form && <p role="alert" className="mb-3 rounded-md border-l-4 border-red-700 bg-red-50 p-3 text-red-900">{errors.form}</p>}
      <Field
        label="Authentication code"
        name="authCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.code}
        hint="The 10 letters and digits printed under the scratch-off, after you buy the product."
      />
      <Button type="submit" busy={busy}>Verify my purchase</Button>
    </form>
  );
}
