import type { CodeRow } from '@/lib/schemas/console-codes';

// A code's state in words and colour (never colour alone).
const VIEW: Record<CodeRow['state'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'border-green-700 text-green-900' },
  blacklisted: { label: 'Blacklisted', className: 'border-red-700 text-red-900' },
  deleted: { label: 'Deleted', className: 'border-gray-600 text-gray-900' },
};

export function CodeStateBadge({ state }: { state: CodeRow['state'] }) {
  const v = VIEW[state];
  return (
    <span data-testid="code-state" data-state={state} className={`inline-block rounded-full border-2 bg-white px-2 py-0.5 text-sm font-semibold ${v.className}`}>
      {v.label}
    </span>
  );
}
