import { errorFieldOf, fieldMessageOf } from '@/lib/client/form-errors';
import { errorMessageOf } from '@/lib/shared/fetch-rules';

// The console's forms name their fields by the API's paths ('ui.primaryColor', 'footer.links'):
// an error lands on the longest of them that the answer's field starts with
// ('footer.links.0.href' → 'footer.links'), else on the whole form.

export type ConsoleFormErrors = Record<string, string | undefined> & { form?: string };

export function consoleErrorsOf(err: unknown, fields: readonly string[]): ConsoleFormErrors {
  const apiField = errorFieldOf(err);
  if (apiField) {
    const match = [...fields].sort((a, b) => b.length - a.length).find((f) => apiField === f || apiField.startsWith(`${f}.`));
    if (match) return { [match]: fieldMessageOf(err, apiField) };
  }
  return { form: errorMessageOf(undefined, err) };
}
