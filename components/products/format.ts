import type { I18n, MessageKey } from '@/lib/shared/i18n';

// Dates and states of the after-sales screens, in the page's language (docs/languages.md): the
// server's pageLanguage() or the browser's useI18nWithFormats() gives `t` and `f`.

type Words = Pick<I18n, 't' | 'f'>;

/** The expiry of a unit in words. */
export function expiryText({ t, f }: Words, e: { expiryDate: string; isExpired: boolean; daysLeft: number | null }): string {
  if (e.expiryDate === 'Not Applicable' || e.daysLeft === null) return t('products.doesNotExpire');
  const date = f.day(e.expiryDate);
  if (e.isExpired) return t('products.expiredOn', { date });
  if (e.daysLeft === 0) return t('products.expiresToday', { date });
  return t(e.daysLeft === 1 ? 'products.goodUntilOne' : 'products.goodUntil', { date, count: e.daysLeft });
}

export const WARRANTY_STATUS_KEYS: Record<'ACTIVE' | 'EXPIRED' | 'VOID', MessageKey> = {
  ACTIVE: 'warranty.statusActive',
  EXPIRED: 'warranty.statusExpired',
  VOID: 'warranty.statusVoid',
};

/** The warranty of a unit in words. */
export function warrantyText({ t, f }: Words, w: { status: keyof typeof WARRANTY_STATUS_KEYS; endsOn: string } | null): string {
  if (!w) return t('warranty.notRegistered');
  if (w.status === 'ACTIVE') return t('warranty.activeUntil', { date: f.day(w.endsOn) });
  if (w.status === 'EXPIRED') return t('products.expiredOn', { date: f.day(w.endsOn) });
  return t('warranty.statusVoid');
}
