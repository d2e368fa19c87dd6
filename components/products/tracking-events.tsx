import type { z } from 'zod';
import type { trackingEventSchema } from '@/lib/schemas/my-products';
import { moment } from './format';

type TrackingEvent = z.infer<typeof trackingEventSchema>;
const LEVEL = { 6: 'Unit', 7: 'Unit', 8: 'Case', 9: 'Pallet' } as Record<number, string>;

// The journey of a unit from the factory to the shop, oldest first, as an ordered list.
export function TrackingEvents({ events }: { events: TrackingEvent[] }) {
  if (events.length === 0) return <p className="text-gray-800">No tracking events were recorded for this product.</p>;
  return (
    <ol className="relative space-y-3 border-l-2 border-brand-primary pl-4" data-testid="tracking-events">
      {events.map((e, i) => (
        <li key={i}>
          <p className="font-semibold text-gray-900">{e.stage}</p>
          <p className="text-sm text-gray-800">
            {e.place} · {moment(e.at)}
            {LEVEL[e.level] ? ` · ${LEVEL[e.level]}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
