'use client';
import { afterHydration } from '@/components/shell/lazy';
import type { Consents } from '@/lib/schemas/my-data';

// "My data" loads after the profile form is interactive (its download and list are extras of the
// page): the profile's first-load JavaScript stays within its budget (docs/benchmarks.md).
export const DeferredMyData = afterHydration<{ consents: Consents }>(() => import('./my-data-section').then((m) => m.MyDataSection), 'my data');
