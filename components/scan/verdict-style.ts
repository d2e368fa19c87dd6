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

/** A short sentence under the label saying what it means for the customer. */
export function explanationOf(label: VerdictLabel, brand: string): string {
  switch (label) {
    case 'Genuine Pre Sale':
      return `This is a genuine product of ${brand}.`;
    case 'Genuine Pre Sale & Claim Warranty':
      return `This is a genuine product of ${brand} and nobody has claimed it yet. After you buy it, scan the hidden code under the scratch-off to claim it and its warranty.`;
    case 'Genuine Post Sale':
      return `This is a genuine product of ${brand}, registered to you.`;
    case 'Info':
      return `This is a genuine code of ${brand}. Sign in to check this unit itself before you buy it.`;
    case 'Batch Details Only':
      return `This code carries the details of its production batch only.`;
    case 'Tracking':
      return `This code marks a shipping case or pallet of ${brand}.`;
    case 'Product Cliamed':
      return `This unit has already been claimed by another customer. If you just bought it as new, do not accept it and report it.`;
    case 'Scan pre sale first':
      return `Scan the visible code on the pack first, then the hidden code under the scratch-off.`;
    case 'Expired':
      return `This product is past its expiry date. Do not use it.`;
    case 'Fake':
      return `This is not a genuine code of ${brand}. The product may be counterfeit: do not use it.`;
    case 'Invalid Product':
      return `This code is not valid for ${brand} here. Do not trust this product until you have checked it.`;
  }
}
