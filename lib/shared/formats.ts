import type { Locale } from './i18n';

// Numbers, dates and times for the customer (docs/languages.md): in the language (Indian grouping:
// 1,00,000), always Latin digits (codes, amounts and dates read the same in every script), in the
// brand's time zone. One set of formatters per (language, zone), made once.

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export type Formats = {
  locale: Locale;
  timeZone: string;
  /** 'YYYY-MM-DD' → a day ('31 Jan 2027' in English); a placeholder ('Not Available') as given. */
  day(value: string): string;
  /** An ISO date-time → day and time in the brand's zone, with the zone's short name. */
  moment(iso: string): string;
  /** A number with the language's grouping. */
  number(value: number): string;
  /** Rupees: '₹1,00,000' (whole rupees without decimals). */
  rupees(value: number): string;
};

const formatsCache = new Map<string, Formats>();

/** The zones the runtime has accepted: at most the IANA zones, so the set stays small. */
const knownZones = new Set<string>();

/** The zone, if the runtime knows it; else Asia/Kolkata. */
export function validTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  // Checked once a zone: a DateTimeFormat made to check it cost about 0.2 ms of every verify page
  // (each page asks for its formats; docs/decisions.md).
  if (knownZones.has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    knownZones.add(zone);
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function formatsFor(locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): Formats {
  const zone = validTimeZone(timeZone);
  const cacheKey = `${locale}|${zone}`;
  const cached = formatsCache.get(cacheKey);
  if (cached) return cached;
  // English as India writes it (en-IN: '31 Jan 2027', 1,00,000); the others with their region.
  const tag = `${locale}-IN-u-nu-latn`;
  const dayFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const momentFormat = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
  const numberFormat = new Intl.NumberFormat(tag);
  const rupeeFormat = new Intl.NumberFormat(tag, { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const formats: Formats = {
    locale,
    timeZone: zone,
    day: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value),
    moment: (iso) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : momentFormat.format(d);
    },
    number: (value) => numberFormat.format(value),
    rupees: (value) => rupeeFormat.format(value),
  };
  formatsCache.set(cacheKey, formats);
  return formats;
}

