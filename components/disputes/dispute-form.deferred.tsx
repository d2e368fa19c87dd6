'use client';
import { afterHydration } from '@/components/shell/lazy';

// The dispute form, loaded after the first paint: /report carries the report form too, and both
// together would pass the page's first-load budget (scripts/first-load-budget.mjs). The screen's
// content: a chunk that does not load shows the error screen (and reloads the page once).
const Loading = () => <p className="text-gray-800">…</p>;
export const DisputeForm = afterHydration(() => import('./dispute-form').then((m) => m.DisputeForm), 'dispute form', { content: true, Loading });
