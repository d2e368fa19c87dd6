'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API, type BodyOf } from '@/lib/shared/console-api';
import type { SharingView } from '@/lib/schemas/console-sharing';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ConsoleButton } from './button';

// The brand's Sharing section (console area 'settings', docs/console.md "Retailer
// organisations"): the Retailer organisations it shares with, by slug, each kind (scans,
// complaints) switched on its own; and which retailer sells a batch. Owner and manager change it.


type ShareOp = typeof CONSOLE_API.share | typeof CONSOLE_API.stopSharing;

export function SharingEditor({ brand, sharing, canWrite, canAssign }: { brand: string; sharing: SharingView; canWrite: boolean; canAssign: boolean }) {
  const router = useRouter();
  const [shares, setShares] = useState(sharing.shares);
  const [retailer, setRetailer] = useState('');
  const [scans, setScans] = useState(true);
  const [complaints, setComplaints] = useState(false);
  const [batchNumber, setBatchNumber] = useState('');
  const [batchRetailer, setBatchRetailer] = useState('');
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [batchErrors, setBatchErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');

  // Each call's body is checked against its own operation's (O); the call below takes either.
  async function send<O extends ShareOp>(operation: O, body: BodyOf<O>, message: string) {
    setBusy(true);
    setErrors({});
    setDone('');
    try {
      const next = await consoleApi<ShareOp>(operation, { params: { brand }, body });
      setShares(next.shares);
      setDone(message);
      router.refresh();
      return true;
    } catch (err) {
      setErrors(consoleErrorsOf(err, ['retailer', 'scans', 'complaints']));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const slug = retailer.trim().toLowerCase();
    if (await send(CONSOLE_API.share, { retailer: slug, scans, complaints }, `Sharing with ${slug} saved.`)) setRetailer('');
  };

  const assign = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setBatchErrors({});
    setDone('');
    try {
      const slug = batchRetailer.trim().toLowerCase();
      const res = await consoleApi(CONSOLE_API.assignBatchRetailer, {
        params: { brand },
        body: { batchNumber, retailer: slug || null },
      });
      setDone(res.retailer ? `Batch ${res.batchNumber} is sold by ${res.retailer}.` : `Batch ${res.batchNumber} has no retailer.`);
      setBatchNumber('');
      const next = await consoleApi(CONSOLE_API.sharing, { params: { brand } });
      setShares(next.shares);
      router.refresh();
    } catch (err) {
      setBatchErrors(consoleErrorsOf(err, ['batchNumber', 'retailer']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="sharing-title" className="mb-6 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="sharing-title" className="mb-1 text-lg font-semibold text-gray-900">Sharing</h2>
      <p className="mb-3 text-sm text-gray-700">
        A Retailer organisation sees, in its own console, the scans and complaints of the batches assigned to it: only the kinds switched on here, never customers&apos; identities.
      </p>
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <ul className="mb-4 divide-y divide-gray-200" aria-label="Retailers the brand shares with">
        {shares.length === 0 && <li className="py-2 text-gray-700">Nothing is shared with any retailer.</li>}
        {shares.map((s) => (
          <li key={s.retailer} className="flex flex-wrap items-center gap-3 py-2" data-testid={`share-${s.retailer}`}>
            <span className="min-w-48 flex-1 text-gray-900">
              <strong>{s.retailerName}</strong> <span className="font-mono text-sm">({s.retailer})</span>
              <span className="block text-sm text-gray-700">
                {s.batches.length ? `Batches: ${s.batches.map((b) => `${b.batchNumber} (${b.productName})`).join(', ')}` : 'No batches assigned yet'}
              </span>
            </span>
            {(['scans', 'complaints'] as const).map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-2 text-gray-900">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={s[kind]}
                  disabled={!canWrite || busy}
                  onChange={(e) => void send(CONSOLE_API.share, { retailer: s.retailer, [kind]: e.target.checked }, `${kind === 'scans' ? 'Scans' : 'Complaints'} ${e.target.checked ? 'shared with' : 'no longer shared with'} ${s.retailer}.`)}
                />
                Share {kind}
              </label>
            ))}
            {canWrite && (
              <ConsoleButton size="sm" variant="secondary" disabled={busy} onClick={() => void send(CONSOLE_API.stopSharing, { retailer: s.retailer }, `Nothing is shared with ${s.retailer} any more.`)} aria-label={`Stop sharing with ${s.retailer}`}>
                Stop sharing
              </ConsoleButton>
            )}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={(e) => void add(e)} noValidate className="mb-4 flex flex-wrap items-start gap-3" aria-label="Share with a retailer">
          <Field label="Retailer's slug" name="retailer" className="min-w-56 flex-1" value={retailer} onChange={(e) => setRetailer(e.target.value)} error={errors.retailer} hint="The Retailer organisation's short name, like city-stores" disabled={busy} />
          <fieldset className="mt-6 flex gap-4">
            <legend className="sr-only">What to share</legend>
            <label className="flex min-h-11 items-center gap-2 text-gray-900">
              <input type="checkbox" className="h-5 w-5" checked={scans} onChange={(e) => setScans(e.target.checked)} disabled={busy} /> Scans
            </label>
            <label className="flex min-h-11 items-center gap-2 text-gray-900">
              <input type="checkbox" className="h-5 w-5" checked={complaints} onChange={(e) => setComplaints(e.target.checked)} disabled={busy} /> Complaints
            </label>
          </fieldset>
          <ConsoleButton type="submit" disabled={busy || !retailer.trim()} className="mt-7">
            Share
          </ConsoleButton>
        </form>
      )}
      {canAssign && (
        <form onSubmit={(e) => void assign(e)} noValidate className="flex flex-wrap items-start gap-3" aria-label="A batch's retailer">
          {batchErrors.form && <Alert>{batchErrors.form}</Alert>}
          <Field label="Batch number" name="batchNumber" className="min-w-48 flex-1" value={batchNumber} onChange={(e) => setBatchNumber(e.target.value)} error={batchErrors.batchNumber} disabled={busy} />
          <Field label="Sold by (retailer's slug)" name="batchRetailer" className="min-w-48 flex-1" value={batchRetailer} onChange={(e) => setBatchRetailer(e.target.value)} error={batchErrors.retailer} hint="Empty: no retailer" disabled={busy} />
          <ConsoleButton type="submit" disabled={busy || !batchNumber.trim()} className="mt-7">
            Assign batch
          </ConsoleButton>
        </form>
      )}
    </section>
  );
}
