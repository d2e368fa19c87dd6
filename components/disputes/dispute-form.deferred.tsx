'use client';
import dynamic from 'next/dynamic';

// The dispute form, loaded after the first paint: /report carries the report form too, and both
// together would pass the page's first-load budget (scripts/first-load-budget.mjs).
export const DisputeForm = dynamic(() => import('./dispute-form').then((m) => m.DisputeForm), {
  ssr: false,
  loading: () => <p className="text-gray-800">…</p>,
});
