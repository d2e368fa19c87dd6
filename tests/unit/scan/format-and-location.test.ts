import { expiryStateOf } from '@/components/scan/format';
import { locationOf } from '@/components/scan/location';
import { withLocation } from '@/components/scan/location-consent';
import { TONE_OF } from '@/components/scan/verdict-style';
import { explanationOf } from '@/lib/domain/verdict-explanation';
import { VERDICT_LABELS } from '@/lib/domain/verdict';

describe('expiryStateOf', () => {
  it('keeps a batch good through its expiry day and expired the day after', () => {
    expect(expiryStateOf('2025-06-01', '2025-06-01')).toBe('good');
    expect(expiryStateOf('2025-06-01', '2025-06-02')).toBe('expired');
    expect(expiryStateOf('Not Applicable', '2025-06-02')).toBe('no-expiry');
  });
});

describe('locationOf', () => {
  it('passes a coarse location only when both coordinates are usable numbers', () => {
    expect(locationOf({ lat: '18.52043', lng: '73.85674' })).toEqual({ lat: 18.52, lng: 73.86 });
    expect(locationOf({ lat: '18.5' })).toBeUndefined();
    expect(locationOf({ lat: '91', lng: '0' })).toBeUndefined();
    expect(locationOf({ lat: 'x', lng: '1' })).toBeUndefined();
    expect(locationOf({})).toBeUndefined();
  });
});

describe('withLocation', () => {
  it('adds the position to a verify path only when the customer shared it', () => {
    expect(withLocation('/overt/verify/abc', { lat: 18.52, lng: 73.86 })).toBe('/overt/verify/abc?lat=18.52&lng=73.86');
    expect(withLocation('/overt/verify/abc', undefined)).toBe('/overt/verify/abc');
  });
});

describe('verdict styles', () => {
  it('give every label a tone and a sentence that names the brand or the step', () => {
    for (const label of VERDICT_LABELS) {
      expect(TONE_OF[label]).toBeDefined();
      expect(explanationOf(label, 'Acme').length).toBeGreaterThan(20);
    }
    expect(TONE_OF.Fake).toBe('danger');
    expect(TONE_OF['Genuine Post Sale']).toBe('genuine');
  });
});
