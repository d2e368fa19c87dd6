import { ApiRequestError, errorMessageOf } from './fetch-rules';

// Turns a failed call into what a form shows: the field it names (the API's 422 answers carry
// `field`) or a message for the whole form.

export type FormErrors = Record<string, string | undefined> & { form?: string };

export function formErrorsOf(err: unknown, fields: readonly string[]): FormErrors {
  const message = errorMessageOf(undefined, err);
  const body = err instanceof ApiRequestError ? (err.body as { field?: unknown } | undefined) : undefined;
  const field = typeof body?.field === 'string' ? body.field.split('.')[0] : undefined;
  if (field && fields.includes(field)) return { [field]: message.replace(new RegExp(`^${field}: `), '') };
  return { form: message };
}

export function hasErrors(e: FormErrors): boolean {
  return Object.values(e).some(Boolean);
}
