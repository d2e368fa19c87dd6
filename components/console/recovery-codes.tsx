'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { ConsoleButton } from './button';
import { ConfirmBox, useConfirmStep } from './confirm-step';

// Recovery codes on screen (docs/console.md, "Second factor"): a new set is shown once, right
// after it is made (at the authenticator's set-up, or when the member asks for a new set); the
// heading takes the focus so a screen reader starts reading there.

/** The codes of a new set, with what to do with them; `children` is what follows (a Continue button). */
export function RecoveryCodesShown({ codes, children }: { codes: string[]; children?: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  async function copy() {
    await navigator.clipboard?.writeText(codes.join('\n'));
    setCopied(true);
  }
  return (
    <section aria-labelledby="recovery-codes-title" className="mb-6 rounded-md border border-gray-400 bg-white p-4">
      <h2 id="recovery-codes-title" ref={heading} tabIndex={-1} className="mb-2 text-lg font-semibold">
        Your recovery codes
      </h2>
      <p className="mb-3 text-gray-800">
        Save these ten codes somewhere safe, away from your phone (a password manager, or printed). If you lose your authenticator app, each code signs you in once instead of its code. They are shown only now.
      </p>
      <ol className="mb-3 grid grid-cols-2 gap-2 font-mono text-lg" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <p className="mb-3">
        <ConsoleButton variant="secondary" onClick={copy}>
          Copy the codes
        </ConsoleButton>
        <span role="status" className="ml-2 text-sm">
          {copied ? 'Copied.' : ''}
        </span>
      </p>
      {children}
    </section>
  );
}

/**
 * Makes a new set for the signed-in member after asking on the console's confirm step (how many
 * unused codes stop working); Cancel makes nothing. The new set is shown once, its heading taking
 * the focus.
 */
export function RegenerateRecoveryCodes({ remaining }: { remaining: number }) {
  const router = useRouter();
  const [codes, setCodes] = useState<string[]>();
  const step = useConfirmStep();
  const question =
    remaining > 0
      ? `Make ten new recovery codes? Your ${remaining} unused ${remaining === 1 ? 'code stops' : 'codes stop'} working at once.`
      : 'Make ten new recovery codes? They are shown only once.';
  function make() {
    // The set shown stays until a new one replaces it: a failed request leaves it valid.
    void step.act(
      async () => {
        const res = await consoleApi(CONSOLE_API.newRecoveryCodes);
        setCodes(res.codes);
        router.refresh();
      },
      // The new codes' heading takes the focus (RecoveryCodesShown), not the button.
      { then: () => document.getElementById('recovery-codes-title') },
    );
  }
  return (
    <div>
      {codes && <RecoveryCodesShown codes={codes} />}
      {!step.asking && (
        <ConsoleButton id={step.triggerId} onClick={step.ask}>
          Make new recovery codes…
        </ConsoleButton>
      )}
      <ConfirmBox step={step} question={question} yes="Yes, make new codes" onYes={make} />
    </div>
  );
}
