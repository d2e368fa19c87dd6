import { utcFromLocalInput } from '@/components/console/tracking-form';
import { riskDraftOf, riskFieldNames, riskPatchOf, targetDraftOf, targetPatchOf } from '@/components/console/risk-settings';
import { storedClientConfigSchema } from '@/lib/schemas/client-config';

// The console forms' conversions for the tracking event and the settings' target times and risk:
// what the page sends is what the API's schema then checks.

describe('utcFromLocalInput', () => {
  it('reads a datetime-local value as UTC and leaves an empty one empty', () => {
    expect(utcFromLocalInput('2026-03-01T10:00')).toBe('2026-03-01T10:00:00Z');
    expect(utcFromLocalInput('2026-03-01T10:00:30')).toBe('2026-03-01T10:00:30Z');
    expect(utcFromLocalInput('')).toBe('');
  });
});

describe('risk settings draft', () => {
  const risk = storedClientConfigSchema.parse({}).verification.risk;

  it('round-trips the stored settings to the same patch', () => {
    expect(riskPatchOf(riskDraftOf(risk))).toEqual(risk);
  });

  it('sends typed numbers as numbers and anything else as typed, for the schema to refuse at its field', () => {
    const draft = { ...riskDraftOf(risk), placeKm: '50', windowDays: '', maxSpeedKmh: 'fast' };
    expect(riskPatchOf(draft)).toMatchObject({ placeKm: 50, windowDays: '', maxSpeedKmh: 'fast' });
    expect(riskFieldNames).toEqual(expect.arrayContaining(['verification.risk.placeKm', 'verification.risk.consumedLate', 'verification.risk.autoBlacklist']));
  });
});

describe('complaint target hours draft', () => {
  it('shows each priority its configured hours or its default, and sends them for the listed priorities only', () => {
    expect(targetDraftOf(['Low', 'High', 'Custom'], { High: 12 })).toEqual({ Low: '168', High: '12', Custom: '72' });
    expect(targetPatchOf(['High', 'Low'], { High: '6', Gone: '5' }, {})).toEqual({ High: 6, Low: 168 });
    expect(targetPatchOf(['High'], { High: '' }, {})).toEqual({ High: '' });
  });
});
