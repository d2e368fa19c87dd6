'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ConsoleButton } from './button';

// The brand's domains (console area 'settings'): the host names its customer app answers on.
// One added here is pending, serving nothing, until the operator approves it (docs/console.md
// "Domains"); the last serving one cannot be removed.

export function DomainsEditor({ brand, domains: initial, pendingDomains: initialPending, canWrite }: { brand: string; domains: string[]; pendingDomains: string[]; canWrite: boolean }) {
  const router = useRouter();
  const [domains, setDomains] = useState(initial);
  const [pending, setPending] = useState(initialPending);
  const [domain, setDomain] = useState('');
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  async function send(operation: typeof CONSOLE_API.addDomain | typeof CONSOLE_API.removeDomain, value: string, message: string) {
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      const next = await consoleApi(operation, { params: { brand }, body: { domain: value } });
      setDomains(next.domains);
      setPending(next.pendingDomains);
      setDone(message);
      setDomain('');
      router.refresh();
    } catch (err) {
      setErrors(consoleErrorsOf(err, ['domain']));
    } finally {
      setBusy(false);
    }
  }

  const add = (e: FormEvent) => {
    e.preventDefault();
    void send(CONSOLE_API.addDomain, domain, `${domain.trim().toLowerCase()} added. It serves nothing until the operator approves it.`);
  };

  return (
    <section aria-labelledby="domains-title" className="mb-6 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="domains-title" className="mb-3 text-lg font-semibold text-gray-900">Domains</h2>
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <ul className="mb-4 divide-y divide-gray-200" aria-label="Domains of the brand">
        {domains.map((d) => (
          <li key={d} className="flex min-h-11 items-center justify-between gap-3 py-1">
            <span className="font-mono text-gray-900">{d}</span>
            {canWrite && domains.length > 1 && (
              <ConsoleButton size="sm" variant="secondary" disabled={busy} onClick={() => void send(CONSOLE_API.removeDomain, d, `${d} removed.`)} aria-label={`Remove ${d}`}>
                Remove
              </ConsoleButton>
            )}
          </li>
        ))}
        {pending.map((d) => (
          <li key={d} className="flex min-h-11 items-center justify-between gap-3 py-1">
            <span className="font-mono text-gray-900">
              {d} <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 font-sans text-sm text-amber-900">Pending approval: serves nothing yet</span>
            </span>
            {canWrite && (
              <ConsoleButton size="sm" variant="secondary" disabled={busy} onClick={() => void send(CONSOLE_API.removeDomain, d, `${d} removed.`)} aria-label={`Remove ${d}`}>
                Remove
              </ConsoleButton>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={add} noValidate className="flex flex-wrap items-start gap-3">
          <Field label="Add a domain" className="min-w-64 flex-1" value={domain} onChange={(e) => setDomain(e.target.value)} error={errors.domain} hint="A host name like shop.example.com" disabled={busy} />
          <ConsoleButton type="submit" disabled={busy || !domain.trim()} className="mt-7">
            Add domain
          </ConsoleButton>
        </form>
      )}
    </section>
  );
}
