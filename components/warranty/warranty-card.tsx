import type { Warranty } from '@/lib/schemas/warranty';
import { FileLink } from '@/components/files/file-link';
import { WARRANTY_STATUS_KEYS } from '@/components/products/format';
import type { I18n } from '@/lib/shared/i18n';

const TONE = { ACTIVE: 'border-green-700 bg-green-50 text-green-900', EXPIRED: 'border-gray-500 bg-gray-100 text-gray-900', VOID: 'border-red-700 bg-red-50 text-red-900' };

// A registered warranty: its period, dates, status (in words) and invoice.
export function WarrantyCard({ warranty: w, i18n: { t, f } }: { warranty: Warranty; i18n: I18n }) {
  return (
    <li className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm" data-testid="warranty">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-gray-900">{w.productName}</h2>
        <span className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${TONE[w.status]}`} data-testid="warranty-status">
          {t(WARRANTY_STATUS_KEYS[w.status])}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-800">
        <dt className="font-medium">{t('warranty.period')}</dt>
        <dd>{t('product.warrantyMonths', { count: w.warrantyMonths })}</dd>
        <dt className="font-medium">{t('warranty.purchased')}</dt>
        <dd>{f.day(w.purchaseDate)}</dd>
        <dt className="font-medium">{t('warranty.starts')}</dt>
        <dd>{f.day(w.startsOn)}</dd>
        <dt className="font-medium">{t('warranty.ends')}</dt>
        <dd data-testid="warranty-ends">{f.day(w.endsOn)}</dd>
        <dt className="font-medium">{t('warranty.invoice')}</dt>
        <dd><FileLink file={w.invoice} /></dd>
      </dl>
    </li>
  );
}
