import { consoleDateTime, DEFAULT_CONSOLE_TIME_ZONE } from '@/lib/shared/console-time';

/** A moment as the console shows it: day, month, year and time in the brand's zone (lib/shared/console-time.ts). */
export function when(at: Date | string | null | undefined, timeZone: string = DEFAULT_CONSOLE_TIME_ZONE): string {
  return consoleDateTime(at, timeZone);
}

/** A browser's user agent, shortened to what tells sessions apart. */
export function device(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : 'another system';
  return `${browser} on ${system}`;
}
