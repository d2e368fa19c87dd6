import type { z } from 'zod';
import type { trackingEventSchema } from '@/lib/schemas/my-products';
import type { I18n, MessageKey } from '@/lib/shared/i18n';

type TrackingEvent = z.infer<typeof trackingEventSchema>;
const LEVEL: Record<number, MessageKey> = { 6: 'products.levelUnit', 7: 'products.levelUnit', 8: 'products.levelCase', 9: 'products.levelPallet' };

// The journey of a unit from the factory to the shop, oldest first, as an ordered list.
export function TrackingEvents({ events, i18n: { t, f } }: { events: TrackingEvent[]; i18n: I18n }) {
  if (events.length === 0) return <p className="text-gray-800">{t('products.noEvents')}</p>;
  return (
    <ol className="relative space-y-3 border-l-2 border-brand-primary pl-4" data-testid="tracking-events">
      {events.map((e, i) => (
        <li key={i}>
          <p className="font-semibold text-gray-900">{e.stage}</p>
          <p className="text-sm text-gray-800">
            {e.place} · {f.moment(e.at)}
            {LEVEL[e.level] ? ` · ${t(LEVEL[e.level]!)}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
