import type { DeliveryStatus } from '@/lib/schemas/console-messages';
import { RetryFailedButton } from './retry-failed-button';

// The delivery state of the brand's customer messages (docs/messages.md), on the overview: how
// many wait and how many failed per channel, and the latest problems with the provider's error, so
// a provider that is down shows here while its messages wait; and what the providers' delivery
// receipts said: delivered, or not delivered with the provider's error.

const CHANNELS = [
  ['email', 'E-mail'],
  ['sms', 'SMS'],
  ['whatsapp', 'WhatsApp'],
] as const;

export function MessageDelivery({ brand, status, canRetry }: { brand: string; status: DeliveryStatus; canRetry: boolean }) {
  const waiting = CHANNELS.reduce((n, [c]) => n + status.queued[c], 0);
  const failed = CHANNELS.reduce((n, [c]) => n + status.failed[c], 0);
  const delivered = CHANNELS.reduce((n, [c]) => n + status.delivered[c], 0);
  const undelivered = CHANNELS.reduce((n, [c]) => n + status.undelivered[c], 0);
  return (
    <section aria-labelledby="delivery-title" className="space-y-3" data-testid="message-delivery">
      <h2 id="delivery-title" className="text-lg font-semibold text-gray-900">
        Messages to customers
      </h2>
      {waiting === 0 && failed === 0 && undelivered === 0 ? (
        <p className="text-gray-800">
          Every message has been sent{delivered > 0 ? `; ${delivered.toLocaleString('en-IN')} confirmed delivered by the provider` : ''}.
        </p>
      ) : (
        <>
          <p className="text-gray-800">
            {waiting.toLocaleString('en-IN')} waiting{status.oldestQueuedAt ? ` (the oldest since ${status.oldestQueuedAt.slice(0, 16).replace('T', ' ')} UTC)` : ''},{' '}
            {failed.toLocaleString('en-IN')} failed, {delivered.toLocaleString('en-IN')} delivered, {undelivered.toLocaleString('en-IN')} not delivered.
          </p>
          <table className="text-left text-sm" data-testid="delivery-counts">
            <caption className="sr-only">Messages waiting, failed, delivered and not delivered per channel</caption>
            <thead className="bg-gray-100">
              <tr>
                <th scope="col" className="px-2 py-1">Channel</th>
                <th scope="col" className="px-2 py-1">Waiting</th>
                <th scope="col" className="px-2 py-1">Failed</th>
                <th scope="col" className="px-2 py-1">Delivered</th>
                <th scope="col" className="px-2 py-1">Not delivered</th>
              </tr>
            </thead>
            <tbody>
              {CHANNELS.map(([c, label]) => (
                <tr key={c} className="border-t border-gray-200">
                  <th scope="row" className="px-2 py-1 font-normal">{label}</th>
                  <td className="px-2 py-1">{status.queued[c]}</td>
                  <td className="px-2 py-1">{status.failed[c]}</td>
                  <td className="px-2 py-1">{status.delivered[c]}</td>
                  <td className="px-2 py-1">{status.undelivered[c]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {status.problems.length > 0 && (
            <div className="max-h-96 overflow-auto rounded-lg border border-gray-300 bg-white" tabIndex={0} role="region" aria-labelledby="delivery-problems-caption">
              <table className="w-full text-left text-sm" data-testid="delivery-problems">
                <caption id="delivery-problems-caption" className="p-2 text-left font-medium text-gray-900">
                  Latest delivery problems
                </caption>
                <thead className="bg-gray-100">
                  <tr>
                    {['Written', 'Kind', 'Channel', 'State', 'Attempts', 'Next attempt', 'Error'].map((h) => (
                      <th key={h} scope="col" className="px-2 py-1">{h}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {status.problems.map((p) => (
                    <tr key={p.id} className="border-t border-gray-200">
                      <td className="px-2 py-1">{p.createdAt.slice(0, 16).replace('T', ' ')}</td>
                      <td className="px-2 py-1">{p.kind}</td>
                      <td className="px-2 py-1">{p.channel}</td>
                      <td className="px-2 py-1">{p.state === 'failed' ? 'Failed' : p.state === 'undelivered' ? 'Not delivered' : 'Waiting'}</td>
                      <td className="px-2 py-1">{p.attempts}</td>
                      <td className="px-2 py-1">{p.nextAttemptAt ? p.nextAttemptAt.slice(0, 16).replace('T', ' ') : '—'}</td>
                      <td className="px-2 py-1 break-words">{p.lastError ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {canRetry && failed > 0 && <RetryFailedButton brand={brand} failed={failed} />}
        </>
      )}
    </section>
  );
}
