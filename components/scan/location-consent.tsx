'use client';
import { useState } from 'react';
import { useT } from '@/components/shell/i18n-context';
import type { MessageKey } from '@/lib/shared/i18n';
import { coarse } from './location';

// Optional: the customer may let a scan carry a coarse position (two decimals, about a
// kilometre). Off by default; the browser asks for permission only when it is ticked.

export type Coarse = { lat: number; lng: number };

/** A verify path with the position, when there is one, as ?lat=&lng=. */
export function withLocation(path: string, loc: Coarse | undefined): string {
  return loc ? `${path}?${new URLSearchParams({ lat: String(loc.lat), lng: String(loc.lng) })}` : path;
}

/** Why no location was given: what to tell the customer, by its catalogue key. */
export class LocationProblem extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

/** The problem's words' key, whatever was thrown. */
export const locationProblemKey = (err: unknown): MessageKey => (err instanceof LocationProblem ? err.key : 'scan.locationDenied');

/**
 * Asks the browser for the customer's position (it asks for permission), coarse: two decimals.
 * Resolves the position, or rejects with a LocationProblem.
 */
export function askCoarseLocation(): Promise<Coarse> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.reject(new LocationProblem('scan.locationNoBrowser'));
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: coarse(pos.coords.latitude), lng: coarse(pos.coords.longitude) }),
      (err) =>
        reject(
          new LocationProblem(
            err.code === err.POSITION_UNAVAILABLE ? 'scan.locationUnavailable' : err.code === err.TIMEOUT ? 'scan.locationTimeout' : 'scan.locationDenied',
          ),
        ),
      { enableHighAccuracy: false, maximumAge: 600_000, timeout: 10_000 },
    ),
  );
}

export function LocationConsent({ value, onChange, label }: { value: Coarse | undefined; onChange: (v: Coarse | undefined) => void; label?: string }) {
  const t = useT();
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
        setNote(t('scan.locationWillSend'));
      },
      (err: unknown) => {
        setAsking(false);
        onChange(undefined);
        setNote(t(locationProblemKey(err)));
      },
    );
  };
  return (
    <div className="mt-4">
      <label className="flex min-h-11 items-center gap-3 text-gray-900">
        <input type="checkbox" className="h-5 w-5" checked={value !== undefined || asking} onChange={(e) => toggle(e.target.checked)} />
        {label ?? t('scan.locationShare')}
      </label>
      {note && <p className="text-sm text-gray-700" role="status">{note}</p>}
    </div>
  );
}
