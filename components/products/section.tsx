import type { ReactNode } from 'react';

// A titled card of a product screen.
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="mb-4 rounded-lg border border-gray-300 bg-white p-4" aria-label={title} data-testid={testId}>
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}
