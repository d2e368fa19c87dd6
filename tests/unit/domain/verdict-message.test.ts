import en from '@/messages/en.json';
import { fill } from '@/lib/shared/i18n';
import { NOTHING_UNUSUAL, shownReasons, verdictMessage } from '@/lib/domain/verdict-message';

// One message (lib/domain/verdict-message.ts): one headline and one colour from label and risk.

describe('verdictMessage', () => {
  it.each([
    [{ label: 'Info' as const, risk: 'none' as const, count: 1, claim: null }, 'genuine', 'Genuine code of Acme, first check of this pack.'],
    [{ label: 'Genuine Pre Sale' as const, risk: 'none' as const, count: 3 }, 'genuine', 'Genuine code of Acme.'],
    [{ label: 'Info' as const, risk: 'caution' as const, count: 4, claim: null }, 'warning', 'Genuine code, checked in unusual ways: here is what to look for.'],
    [{ label: 'Info' as const, risk: 'suspect' as const, count: 9, claim: null }, 'danger', 'Likely a copy: do not buy it, report it.'],
    [{ label: 'Genuine Post Sale' as const, risk: 'suspect' as const }, 'danger', 'Likely a copy: do not buy it, report it.'],
    [{ label: 'Product Cliamed' as const, risk: 'none' as const }, 'warning', 'Genuine code, already registered by a buyer: if it is sold to you as new, do not buy it.'],
    [{ label: 'Info' as const, risk: 'none' as const, claim: { byYou: false } }, 'warning', 'Genuine code, already registered by a buyer: if it is sold to you as new, do not buy it.'],
    [{ label: 'Info' as const, risk: 'none' as const, count: 2, claim: { byYou: true } }, 'genuine', 'Genuine code of Acme.'],
    [{ label: 'Fake' as const, risk: null }, 'danger', 'Not a genuine code of Acme: do not buy it, report it.'],
  ])('%j is %s: %s', (input, tone, headline) => {
    const message = verdictMessage({ brand: 'Acme', ...input });
    expect(message.tone).toBe(tone);
    // The screens show the headline from the language catalogues by its key.
    expect(fill(en[message.key!], message.values)).toBe(headline);
  });

  it('never shows "nothing unusual" under a warning or a danger', () => {
    const reasons = ['First verified on 1 Mar 2026.', NOTHING_UNUSUAL];
    expect(shownReasons(reasons, 'warning')).toEqual(['First verified on 1 Mar 2026.']);
    expect(shownReasons(reasons, 'danger')).toEqual(['First verified on 1 Mar 2026.']);
    expect(shownReasons(reasons, 'genuine')).toEqual(reasons);
  });
});
