import { CATALOGUES } from '@/messages';
import { apiErrorText } from '@/lib/shared/api-error-words';
import { ApiRequestError, TIMEOUT_MESSAGE } from '@/lib/shared/fetch-rules';
import { fill, translator } from '@/lib/shared/i18n';
import { formatsFor, validTimeZone } from '@/lib/shared/formats';
import { acceptedLanguages, chooseLocale, languageCookie } from '@/lib/shared/locale-choice';

const ALL = ['en', 'hi', 'bn', 'mr', 'ta', 'te'];

describe('chooseLocale', () => {
  it('follows Accept-Language among the brand languages, by weight, a region counting as its language', () => {
    expect(chooseLocale({ acceptLanguage: 'hi-IN,hi;q=0.9,en;q=0.8', offered: ALL, fallback: 'en' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: 'en;q=0.5, ta;q=0.9', offered: ALL, fallback: 'en' })).toBe('ta');
    expect(chooseLocale({ acceptLanguage: 'fr-FR, te', offered: ALL, fallback: 'en' })).toBe('te');
  });

  it('falls back to the brand default when the browser asks for nothing offered', () => {
    expect(chooseLocale({ acceptLanguage: 'fr, de;q=0.8', offered: ['en', 'hi'], fallback: 'hi' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: 'ta', offered: ['en', 'hi'], fallback: 'en' })).toBe('en');
    expect(chooseLocale({ acceptLanguage: '', offered: ['en', 'hi'], fallback: 'hi' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: '*', offered: ['en', 'hi'], fallback: 'hi' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: 'hi;q=0', offered: ['en', 'hi'], fallback: 'en' })).toBe('en');
  });

  it('prefers the remembered choice, but only a language the brand offers', () => {
    expect(chooseLocale({ chosen: 'ta', acceptLanguage: 'hi', offered: ALL, fallback: 'en' })).toBe('ta');
    expect(chooseLocale({ chosen: 'ta', acceptLanguage: 'hi', offered: ['en', 'hi'], fallback: 'en' })).toBe('hi');
    expect(chooseLocale({ chosen: 'xx<script>', acceptLanguage: null, offered: ALL, fallback: 'en' })).toBe('en');
  });

  it('never answers a language the brand does not offer, even when its default is misconfigured', () => {
    expect(chooseLocale({ acceptLanguage: null, offered: ['hi', 'ta'], fallback: 'en' })).toBe('hi');
    expect(chooseLocale({ acceptLanguage: null, offered: [], fallback: 'en' })).toBe('en');
  });

  it('reads a long or broken header without failing', () => {
    expect(acceptedLanguages(';;,,q=,hi;q=abc, ta;q=0.3')).toEqual(['ta']);
    expect(acceptedLanguages('x,'.repeat(10_000)).length).toBeLessThanOrEqual(251);
  });
});

describe('translator', () => {
  it('fills named values and falls back to English for a missing key', () => {
    const t = translator({ 'home.helloName': 'नमस्ते, {name}' }, { 'home.hello': 'Hello' });
    expect(t('home.helloName', { name: 'Asha' })).toBe('नमस्ते, Asha');
    expect(t('home.hello')).toBe('Hello');
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});

describe('formatsFor', () => {
  it('shows times in the brand zone (India by default), never UTC', () => {
    const at = '2026-11-22T16:48:00Z'; // 22:18 in India
    expect(formatsFor('en').moment(at)).toMatch(/22 Nov 2026.*10:18\s?pm.*IST/i);
    expect(formatsFor('en').moment(at)).not.toMatch(/UTC|16:48/);
    expect(formatsFor('en', 'Asia/Dubai').moment(at)).toMatch(/8:48/);
  });

  it('groups numbers and rupees the Indian way, in Latin digits in every language', () => {
    expect(formatsFor('en').number(1234567)).toBe('12,34,567');
    expect(formatsFor('en').rupees(100000)).toBe('₹1,00,000');
    for (const l of ['hi', 'bn', 'mr', 'ta', 'te'] as const) {
      expect(formatsFor(l).number(1234567)).toBe('12,34,567');
      expect(formatsFor(l).moment('2026-11-22T16:48:00Z')).toMatch(/2026/);
      expect(formatsFor(l).day('2027-01-31')).toMatch(/31/);
    }
  });

  it('keeps placeholders as they are and makes each set of formatters once', () => {
    expect(formatsFor('hi').day('Not Available')).toBe('Not Available');
    expect(formatsFor('hi', 'Asia/Kolkata')).toBe(formatsFor('hi', 'Asia/Kolkata'));
  });

  it('takes an unknown zone as India', () => {
    expect(validTimeZone('Mars/Olympus')).toBe('Asia/Kolkata');
    expect(validTimeZone('Europe/London')).toBe('Europe/London');
  });
});

describe('languageCookie', () => {
  it('is readable by the switcher and follows the session jar rules', () => {
    expect(languageCookie('hi', { sameSite: 'lax', secure: false, partitioned: false })).toBe('bv_lang=hi; Path=/; Max-Age=34560000; SameSite=Lax');
    expect(languageCookie('ta', { sameSite: 'none', secure: true, partitioned: true })).toMatch(/SameSite=None; Secure; Partitioned$/);
  });
});

describe('apiErrorText', () => {
  const hi = translator(CATALOGUES.hi, CATALOGUES.en);
  const answer = (status: number, body: unknown) => new ApiRequestError('wire words', status, new Headers(), body);
  it('reads an API error by its code, never by its English words', () => {
    expect(apiErrorText('hi', hi, answer(429, { errorMessage: 'Too many tries', code: 'rate_limited' }))).toBe(CATALOGUES.hi['apiError.rate_limited']);
    expect(apiErrorText('hi', hi, answer(400, { errorMessage: 'vpa: must be a UPI id', code: 'bad_request', field: 'vpa' }))).toBe(CATALOGUES.hi['apiError.bad_request']);
    expect(apiErrorText('hi', hi, answer(500, { errorMessage: 'x', code: 'something-new' }))).toBe(CATALOGUES.hi['apiError.other']);
    expect(apiErrorText('hi', hi, new ApiRequestError(TIMEOUT_MESSAGE, 0))).toBe(CATALOGUES.hi['apiError.timeout']);
    expect(apiErrorText('hi', hi, new Error('offline'))).toBe(CATALOGUES.hi['apiError.other']);
  });

  it('leaves English to the API\'s own words', () => {
    expect(apiErrorText('en', translator(CATALOGUES.en), answer(429, { code: 'rate_limited' }))).toBeUndefined();
  });
});
