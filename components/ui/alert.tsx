import { forwardRef, type ReactNode } from 'react';

// A message that screen readers announce: errors as alerts, successes as status.
export const Alert = forwardRef<HTMLDivElement, { kind?: 'error' | 'success'; children: ReactNode }>(function Alert(
  { kind = 'error', children },
  ref,
) {
  const tone = kind === 'error' ? 'border-red-700 bg-red-50 text-red-800' : 'border-green-700 bg-green-50 text-green-900';
  return (
    <div ref={ref} tabIndex={-1} role={kind === 'error' ? 'alert' : 'status'} className={`mb-4 rounded-md border-l-4 p-3 ${tone}`}>
      {children}
    </div>
  );
});
