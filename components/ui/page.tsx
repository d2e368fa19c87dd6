import type { ReactNode } from 'react';

// A screen: one h1 and its content in a narrow, mobile-first column.
export function Page({ title, children, intro }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6">
      <h1 id="page-title" tabIndex={-1} className="mb-2 text-2xl font-bold text-gray-900">
        {title}
      </h1>
      {intro && <div className="mb-6 text-gray-800">{intro}</div>}
      {children}
    </div>
  );
}
