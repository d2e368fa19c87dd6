import Link from 'next/link';
import { notFound } from 'next/navigation';
import { consoleDate } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleWarrantyRoute } from '@/lib/server/routes';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { warrantyIdSchema } from '@/lib/schemas/console-warranty';
import { AttachmentView } from '@/components/console/support/attachment-view';

// One warranty registration: customer, product and unit, dates, and the invoice seen in place.

export const metadata = { title: 'Warranty registration' };

const STATUS_LABELS = { ACTIVE: 'Active', EXPIRED: 'Expired', VOID: 'Void' } as const;

export default async function WarrantyDetailPage({ params }: { params: Promise<{ brand: string; warrantyId: string }> }) {
  const { brand, warrantyId } = await params;
  const { timeZone: tz } = await requireStaffPage(brand, 'warranty', 'read');
  const id = warrantyIdSchema.safeParse(decodeURIComponent(warrantyId));
  if (!id.success) notFound();
  const w = await callRoute(consoleWarrantyRoute, { params: { brand, warrantyId: id.data } }).catch((err: unknown) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  });
  const rows: Array<[string, string]> = [
    ['Customer', [w.customer.name, w.customer.email, w.customer.mobile].filter(Boolean).join(' · ')],
    ['Product', `${w.productName} (${w.warrantyMonths} months of warranty)`],
    ['Unit', w.unitId],
    ['Status', STATUS_LABELS[w.status]],
    ['Purchased', w.purchaseDate],
    ['Covered', `${w.startsOn} to ${w.endsOn}`],
    ['Registered', consoleDate(w.registeredAt, tz)],
  ];
  return (
    <article aria-labelledby="warranty-title">
      <p className="mb-2 text-sm"><Link href={`/${brand}/warranty`} className="text-blue-800 underline underline-offset-2">Back to warranty registrations</Link></p>
      <h1 id="warranty-title" className="mb-4 text-2xl font-bold text-gray-900">Warranty of {w.customer.name}</h1>
      <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-lg border border-gray-300 bg-white p-4 text-sm">
        {rows.map(([k, v]) => [
          <dt key={`${k}-t`} className="font-semibold text-gray-900">{k}</dt>,
          <dd key={`${k}-d`} className="text-gray-900">{v}</dd>,
        ])}
      </dl>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">Invoice</h2>
      {w.invoice ? <div className="max-w-md"><AttachmentView file={w.invoice} /></div> : <p className="text-gray-700">The invoice was erased with the customer&apos;s data.</p>}
    </article>
  );
}
