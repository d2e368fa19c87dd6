'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { BrandSettings } from '@/lib/schemas/console-money';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';

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

  async function send(path: string, value: string, message: string) {
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      const next = await consoleFetch<BrandSettings>(`/console/brands/${brand}/settings/${path}`, { method: 'POST', body: { domain: value } });
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
    void send('domains', domain, `${domain.trim().toLowerCase()} added. It serves nothing until the operator approves it.`);
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
              <button
                type="button"
                disabled={busy}
                onClick={() => void send('domains/remove', d, `${d} removed.`)}
                className="min-h-11 rounded-md border border-gray-500 px-3 text-sm text-gray-900"
                aria-label={`Remove ${d}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
        {pending.map((d) => (
          <li key={d} className="flex min-h-11 items-center justify-between gap-3 py-1">
            <span className="font-mono text-gray-900">
              {d} <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 font-sans text-sm text-amber-900">Pending approval: serves nothing yet</span>
            </span>
            {canWrite && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void send('domains/remove', d, `${d} removed.`)}
                className="min-h-11 rounded-md border border-gray-500 px-3 text-sm text-gray-900"
                aria-label={`Remove ${d}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={add} noValidate className="flex flex-wrap items-start gap-3">
          <Field label="Add a domain" className="min-w-64 flex-1" value={domain} onChange={(e) => setDomain(e.target.value)} error={errors.domain} hint="A host name like shop.example.com" disabled={busy} />
          <button type="submit" disabled={busy || !domain.trim()} className="mt-7 min-h-11 rounded-lg bg-blue-800 px-4 py-2 font-semibold text-white disabled:opacity-60">
            Add domain
          </button>
        </form>
      )}
    </section>
  );
}
