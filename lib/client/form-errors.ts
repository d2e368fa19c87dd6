import { ApiRequestError, errorMessageOf } from '@/lib/shared/fetch-rules';

// Turns a failed call into what a form shows: the error on the field the API's answer names
// (its `field`, data, never read from the message), or a message for the whole form.

/** The Brand API's error answer, as documented: `field` is the request field at fault. */
export type ApiErrorBody = { errorMessage: string; code: string; field?: string };

export type FormErrors = Record<string, string | undefined> & { form?: string };

/**
 * The request fields a form shows errors for: a list when the API's names are the form's own,
 * else a map from the API's name to the form's field. A name matches a field path exactly or
 * as its first part ('address' matches 'address.city'); the exact name wins.
 */
export type FieldMap = readonly string[] | Readonly<Record<string, string>>;

/** The request field an API error names, as the API names it (e.g. 'vpa', 'address.city'). */
export function errorFieldOf(err: unknown): string | undefined {
  const field = err instanceof ApiRequestError ? (err.body as Partial<ApiErrorBody> | undefined)?.field : undefined;
  return typeof field === 'string' && field ? field : undefined;
}

/**
 * The message to show next to the field: the answer's message, without the field's name in
 * front where the message was written for a whole form ('vpa: add your UPI id' → 'add your UPI id').
 */
export function fieldMessageOf(err: unknown, apiField = errorFieldOf(err)): string {
  const message = errorMessageOf(undefined, err);
  const prefix = `${apiField}: `;
  return apiField && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/** `words`: the error in the customer's language, when it is not English (lib/shared/api-error-words.ts). */
export function formErrorsOf(err: unknown, fields: FieldMap, words?: (err: unknown) => string | undefined): FormErrors {
  const translated = words?.(err);
  const apiField = errorFieldOf(err);
  const map: Readonly<Record<string, string>> = Array.isArray(fields) ? Object.fromEntries(fields.map((f) => [f, f])) : fields;
  const field = apiField && [apiField, apiField.split('.')[0]!].map((f) => Object.hasOwn(map, f) && map[f]).find(Boolean);
  return field ? { [field]: translated ?? fieldMessageOf(err, apiField) } : { form: translated ?? errorMessageOf(undefined, err) };
}

export function hasErrors(e: FormErrors): boolean {
  return Object.values(e).some(Boolean);
}
