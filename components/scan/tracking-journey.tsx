import type { z } from 'zod';
import type { trackingResponseSchema } from '@/lib/schemas/verify';
import type { I18n, MessageKey } from '@/lib/shared/i18n';

// The journey of a code (GET /api/tracking/{qrId}): its events, oldest first, and on which
// level each was recorded (the unit, its case, its pallet).

type Event = z.infer<typeof trackingResponseSchema>['events'][number];
const WHERE: Record<Event['level'], MessageKey> = { 6: 'journey.onUnit', 7: 'journey.onUnit', 8: 'journey.onCase', 9: 'journey.onPallet' };

export function TrackingJourney({ events, i18n: { t, f } }: { events: Event[]; i18n: I18n }) {
  return (
    <section aria-labelledby="journey-heading" className="mt-4 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="journey-heading" className="text-lg font-semibold text-gray-900">{t('journey.heading')}</h2>
      {events.length === 0 ? (
        <p className="mt-2 text-gray-800">{t('journey.none')}</p>
      ) : (
        <ol className="mt-3 space-y-3 border-l-2 border-gray-300 pl-4" data-testid="journey">
          {events.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <p className="font-medium text-gray-900">{e.stage}</p>
              <p className="text-sm text-gray-800">{e.place}</p>
              <p className="text-sm text-gray-700">
                <time dateTime={e.at}>{f.moment(e.at)}</time> · {t(WHERE[e.level])}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
