'use client';
import { useState } from 'react';
import { coarse } from './location';

// Optional: the customer may let a scan carry a coarse position (two decimals, about a
// kilometre). Off by default; the browser asks for permission only when it is ticked.

export type Coarse = { lat: number; lng: number };

/** A verify path with the position, when there is one, as ?lat=&lng=. */
export function withLocation(path: string, loc: Coarse | undefined): string {
  return loc ? `${path}?${new URLSearchParams({ lat: String(loc.lat), lng: String(loc.lng) })}` : path;
}

/**
 * Asks the browser for the customer's position (it asks for permission), coarse: two decimals.
 * Resolves the position, or rejects with what to tell the customer.
 */
export function askCoarseLocation(): Promise<Coarse> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.reject(new Error('This browser cannot share a location.'));
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: coarse(pos.coords.latitude), lng: coarse(pos.coords.longitude) }),
      (err) =>
        reject(
          new Error(
            err.code === err.POSITION_UNAVAILABLE
              ? 'Your location could not be found.'
              : err.code === err.TIMEOUT
                ? 'Finding your location took too long. Please try again.'
                : 'Location was not shared.',
          ),
        ),
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 10_000 },
    ),
  );
}

export function LocationConsent({ value, onChange, label = 'Share my approximate location with this scan' }: { value: Coarse | undefined; onChange: (v: Coarse | undefined) => void; label?: string }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState<string>();
  const toggle = (on: boolean) => {
    setNote(undefined);
    if (!on) return onChange(undefined);
    setAsking(true);
    askCoarseLocation().then(
      (loc) => {
        setAsking(false);
        onChange(loc);
        setNote('Your approximate location will be sent with the scan.');
      },
      (err: Error) => {
        setAsking(false);
        onChange(undefined);
        setNote(err.message);
      },
    );
  };
  return (
    <div className="mt-4">
      <label className="flex min-h-11 items-center gap-3 text-gray-900">
        <input type="checkbox" className="h-5 w-5" checked={value !== undefined || asking} onChange={(e) => toggle(e.target.checked)} />
        {label}
      </label>
      {note && <p className="text-sm text-gray-700" role="status">{note}</p>}
    </div>
  );
}
