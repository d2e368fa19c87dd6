import 'server-only';
import { fieldError } from '@/lib/errors';
import { GS1_TEXT_PROBLEM, isGs1Text } from '@/lib/domain/gs1';

export function checkGs1Text(field: 'lot' | 'serial', raw: string): string {
  if (!isGs1Text(raw)) throw fieldError('unprocessable', field, GS1_TEXT_PROBLEM);
  return raw;
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) if (e.code === '23505') return true;
  return false;
}

export function taken(field: string, what: string) {
  return fieldError('conflict', field, `${what} is already used by another ${field === 'gtin' ? 'product' : field === 'lot' ? 'batch of this product' : 'unit of this product'}`);
}
