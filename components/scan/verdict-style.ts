import type { VerdictLabel } from '@/lib/domain/verdict';

// How each result label looks: a tone (colour) AND an icon AND words, never colour alone.

export type Tone = 'genuine' | 'info' | 'warning' | 'danger' | 'neutral';

export const TONE_OF: Record<VerdictLabel, Tone> = {
  'Genuine Pre Sale': 'genuine',
  'Genuine Post Sale': 'genuine',
  'Genuine Pre Sale & Claim Warranty': 'genuine',
  Info: 'info',
  'Batch Details Only': 'info',
  Tracking: 'info',
  'Product Cliamed': 'warning',
  'Scan pre sale first': 'warning',
  Expired: 'warning',
  Fake: 'danger',
  'Invalid Product': 'danger',
};

/** Classes of the result banner per tone (text contrast at least 4.5:1 on each background). */
export const TONE_CLASSES: Record<Tone, string> = {
  genuine: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-blue-700 bg-blue-50 text-blue-900',
  warning: 'border-amber-600 bg-amber-50 text-amber-900',
  danger: 'border-red-700 bg-red-50 text-red-900',
  neutral: 'border-gray-600 bg-gray-50 text-gray-900',
};

