import type { z } from 'zod';
import type { trackingResponseSchema } from '@/lib/schemas/verify';
import { formatMoment } from './format';

// The journey of a code (GET /api/tracking/{qrId}): its events, oldest first, and on which
// level each was recorded (the unit, its case, its pallet).

type Event = z.infer<typeof trackingResponseSchema>['events'][number];
const WHERE: Record<Event['level'], string> = { 6: 'unit', 7: 'unit', 8: 'case', 9: 'pallet' };

export function TrackingJourney({ events }: { events: Event[] }) {
  return (
    <section aria-labelledby="journey-heading" className="mt-4 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="journey-heading" className="text-lg font-semibold text-gray-900">Journey</h2>
      {events.length === 0 ? (
        <p className="mt-2 text-gray-800">No tracking events have been recorded for this code yet.</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l-2 border-gray-300 pl-4" data-testid="journey">
          {events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <p className="font-medium text-gray-900">{e.stage}</p>
              <p className="text-sm text-gray-800">{e.place}</p>
              <p className="text-sm text-gray-700">
                <time dateTime={e.at}>{formatMoment(e.at)}</time> · recorded on the {WHERE[e.level]}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
