import type { ReactNode } from 'react';

// Small building blocks of the console's screens (plain colours with AA contrast; the console
// is not themed by a brand). Its one button is button.tsx.

export const linkClass = 'text-blue-800 underline hover:text-blue-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-800';

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-title` : undefined} className="mb-8">
      <h2 id={id ? `${id}-title` : undefined} className="mb-3 text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export const inputClass = 'block w-full min-h-11 rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900';
