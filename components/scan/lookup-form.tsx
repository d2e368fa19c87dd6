// A one-field GET form for the look-up screens (/info-details, /info-expiry, /tracking,
// /verify-by-batchnumber, ...): it works before any JavaScript has loaded, and the answer is
// rendered by the server for the URL it submits to.
export function LookupForm({ name, label, hint, value, submit, error }: { name: string; label: string; hint?: string; value?: string; submit: string; error?: string }) {
  const id = `lookup-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <form method="get" className="mb-2">
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={value}
        required
        maxLength={2048}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
      />
      {hint && <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">{error}</p>}
      <button type="submit" className="mx-auto mt-4 block min-h-11 w-[var(--button-width)] rounded-lg border border-transparent bg-brand-primary px-4 py-2 font-semibold text-brand-text">
        {submit}
      </button>
    </form>
  );
}
