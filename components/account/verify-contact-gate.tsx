'use client';
import { useEffect, useState, type ReactNode } from 'react';
import { http } from '@/lib/client/lazy-http';
import { afterHydration } from '@/components/shell/lazy';
import { CONTACT_STATUS_PATH } from '@/lib/client/queries/contact-status';
import type { ContactStatus } from '@/lib/schemas/auth';

// Profile, UPI, rewards and payouts wait until the account's contact is confirmed with a code
// (docs/security.md, "Accounts"). Until then this shows why, sends the code and takes it; once
// confirmed it shows its children. One call (GET contact-status) with the fetch core, not React
// Query, after the first paint (nothing of the gated screen shows before the answer), and the
// confirmation form loads only for an account that needs it: the pages behind the gate keep
// neither in their first load. The form is the gated screen's content: a chunk of it that does
// not load shows the error screen (and reloads the page once), never an empty screen.
const VerifyContact = afterHydration(() => import('./verify-contact-form').then((m) => m.default), 'contact confirmation', { content: true });

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
