'use client';
import { useId, useState } from 'react';
import { useT } from '@/components/shell/i18n-context';
import { askCoarseLocation, locationProblemKey, withLocation } from './location-consent';

// The verify page's offer to share a location (docs/verification.md, "Asking for the location"),
// shown when the answer asks for it (risk.askLocation): the customer shared none with this check
// (a shopper who opened a printed link from the phone's camera app was never asked), it is their
// first session of the unit, within its hour, and the unit is not already suspect. The browser
// asks for permission only on the button; the page then checks again with the coarse place
// (?lat=&lng=, two decimals), which becomes this device's place for the unit and is judged as
// this check would have been with it. Replacing the history entry keeps Back from checking the
// unit once more without it.

export function LocationOffer() {
  const t = useT();
  const whyId = useId();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const share = () => {
    if (asking) return; // aria-disabled, not disabled: the button keeps the keyboard focus
    setAsking(true);
    setNote(t('location.waiting'));
    askCoarseLocation().then(
      (loc) => window.location.replace(new URL(withLocation(window.location.pathname, loc), window.location.origin).href),
      (err: unknown) => {
        setAsking(false);
        setNote(t(locationProblemKey(err)));
      },
    );
  };
  return (
    <div className="mt-3 border-t border-current pt-3" data-testid="location-offer" data-location-offer="">
      {/* Without JavaScript the browser cannot give a location: no button that does nothing. */}
      <noscript>
        <style>{'[data-location-offer]{display:none}'}</style>
      </noscript>
      {/* Short, in small type: the verdict above, not this offer, is what a shopper waits for, and
          must stay the page's largest text (its LCP element; a larger paragraph here became it). */}
      <p id={whyId} className="text-sm">
        {t('location.why')}
      </p>
      <button
        type="button"
        className="mt-2 min-h-11 w-full rounded-lg border border-gray-700 bg-white px-4 py-2 font-semibold text-gray-900 hover:underline aria-disabled:opacity-70"
        aria-describedby={whyId}
        aria-disabled={asking}
        onClick={share}
      >
        {t('location.share')}
      </button>
      <p className="mt-1 text-sm" role="status">
        {note}
      </p>
    </div>
  );
}
