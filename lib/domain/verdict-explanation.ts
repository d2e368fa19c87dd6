import type { VerdictLabel } from './verdict';

// What each result label means for the customer, in a sentence: under the label on the verdict
// screen, and in the evidence report a customer downloads, so both say the same.

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
