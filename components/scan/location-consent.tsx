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

export function LocationConsent({ value, onChange, label = 'Share my approximate location with this scan' }: { value: Coarse | undefined; onChange: (v: Coarse | undefined) => void; label?: string }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState<string>();
  const toggle = (on: boolean) => {
    setNote(undefined);
    if (!on) return onChange(undefined);
    if (!navigator.geolocation) return setNote('This browser cannot share a location.');
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setAsking(false);
        onChange({ lat: coarse(pos.coords.latitude), lng: coarse(pos.coords.longitude) });
        setNote('Your approximate location will be sent with the scan.');
      },
      () => {
        setAsking(false);
        onChange(undefined);
        setNote('Location was not shared.');
      },
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 10_000 },
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
