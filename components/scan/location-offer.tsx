'use client';
import { useState } from 'react';
import { coarse } from './location';

// The verify page's offer to share a location (docs/verification.md, "Where"), shown when the
// answer asks for it (risk.askLocation): the customer shared none with this check (a shopper who
// opened a printed link from the phone's camera app was never asked), and this is their first
// check of the unit, within the hour. The browser asks for permission only on the button; the page then checks
// again with the coarse place (?lat=&lng=, two decimals), which becomes this device's place for
// the unit and is judged as this check would have been with it. Replacing the history entry
// keeps Back from checking the unit once more without it.

type State = 'idle' | 'asking' | 'refused' | 'unavailable';
const NOTES: Record<State, string> = {
  idle: '',
  asking: 'Waiting for your location…',
  refused: 'Location was not shared.',
  unavailable: 'This browser cannot share a location.',
};

export function LocationOffer() {
  const [state, setState] = useState<State>('idle');
  const share = () => {
    if (!('geolocation' in navigator)) return setState('unavailable');
    setState('asking');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const url = new URL(window.location.href);
        url.searchParams.set('lat', String(coarse(pos.coords.latitude)));
        url.searchParams.set('lng', String(coarse(pos.coords.longitude)));
        window.location.replace(url.pathname + url.search);
      },
      () => setState('refused'),
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 10_000 },
    );
  };
  return (
    <div id="location-offer" className="mt-3 border-t border-current pt-3" data-testid="location-offer">
      {/* Without JavaScript the browser cannot give a location: no button that does nothing. */}
      <noscript>
        <style>{'#location-offer{display:none}'}</style>
      </noscript>
      {/* Short, in small type: the verdict above, not this offer, is what a shopper waits for, and
          must stay the page's largest text (its LCP element; a larger paragraph here became it). */}
      <p id="location-offer-why" className="text-sm">
        Copies turn up in other cities: share where you are to compare.
      </p>
      <button
        type="button"
        className="mt-2 min-h-11 w-full rounded-lg border border-gray-700 bg-white px-4 py-2 font-semibold text-gray-900 hover:underline disabled:opacity-70"
        aria-describedby="location-offer-why"
        disabled={state === 'asking'}
        onClick={share}
      >
        Share my approximate location
      </button>
      <p className="mt-1 text-sm" role="status">
        {NOTES[state]}
      </p>
    </div>
  );
}
