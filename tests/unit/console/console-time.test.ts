import { brandTimeZoneOf, consoleDate, consoleDateTime } from '@/lib/shared/console-time';

// The console's one clock: one format, the brand's zone, Asia/Kolkata by default.

describe('console dates', () => {
  const at = '2026-11-27T19:40:44Z';

  it('shows a moment in the brand zone, Asia/Kolkata by default, with the zone named', () => {
    expect(consoleDateTime(at)).toBe('28 Nov 2026, 01:10 IST');
    expect(consoleDateTime(new Date(at), 'UTC')).toBe('27 Nov 2026, 19:40 UTC');
    expect(consoleDateTime(null)).toBe('Never');
  });

  it('shows the day it was in the brand zone', () => {
    expect(consoleDate(at)).toBe('28 Nov 2026');
    expect(consoleDate(at, 'Europe/London')).toBe('27 Nov 2026');
    expect(consoleDate('not a date')).toBe('');
  });

  it('reads the zone from the configuration, falling back on a missing or bad one', () => {
    expect(brandTimeZoneOf({ locale: { timeZone: 'Europe/Berlin' } })).toBe('Europe/Berlin');
    expect(brandTimeZoneOf({ timeZone: 'Asia/Dubai' })).toBe('Asia/Dubai');
    expect(brandTimeZoneOf({ locale: { timeZone: 'Mars/Olympus' } })).toBe('Asia/Kolkata');
    expect(brandTimeZoneOf(undefined)).toBe('Asia/Kolkata');
  });
});
