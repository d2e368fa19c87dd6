// One clock for the console (docs/console.md, "Dates"): every moment in one format, in the
// brand's time zone. The zone is the brand configuration's `locale.timeZone` (the setting the
// customer screens use too, docs/languages.md), else `timeZone` at the top, else Asia/Kolkata.

export const DEFAULT_CONSOLE_TIME_ZONE = 'Asia/Kolkata';

function usable(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The brand's time zone from its stored configuration (any shape: an unknown or bad zone falls back to Asia/Kolkata). */
export function brandTimeZoneOf(config: unknown): string {
  const c = (config ?? {}) as { locale?: { timeZone?: unknown }; timeZone?: unknown };
  if (usable(c.locale?.timeZone)) return c.locale.timeZone;
  if (usable(c.timeZone)) return c.timeZone;
  return DEFAULT_CONSOLE_TIME_ZONE;
}

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** A moment: "28 Nov 2026, 01:10 IST" (day, month, year, 24-hour time and the zone's name). */
export function consoleDateTime(at: Date | string | null | undefined, timeZone: string = DEFAULT_CONSOLE_TIME_ZONE): string {
  if (!at) return 'Never';
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString('en-IN', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
}

/** A day: "28 Nov 2026", the day it was in the brand's zone. */
export function consoleDate(at: Date | string | null | undefined, timeZone: string = DEFAULT_CONSOLE_TIME_ZONE): string {
  if (!at) return '';
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-IN', { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
}
