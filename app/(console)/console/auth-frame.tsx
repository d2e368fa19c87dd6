import type { ReactNode } from 'react';

// The frame of the console's screens before sign-in: the console's name and one narrow column.
export function AuthFrame({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className="bg-brand-primary px-4 py-3 text-brand-text">
        <p className="text-lg font-semibold">Brand console</p>
      </header>
      <main id="main" className="mx-auto w-full max-w-md px-4 py-8">
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        {intro && <div className="mb-6 text-gray-800">{intro}</div>}
        {children}
      </main>
    </>
  );
}
