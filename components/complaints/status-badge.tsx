import type { z } from 'zod';
import type { complaintStatusSchema } from '@/lib/schemas/complaints';
import type { Translate } from '@/lib/shared/i18n';
import { complaintStatusView } from './status';

// A complaint status: a dot and border in its colour AND its name in words.
export function ComplaintStatusBadge({ status, color, t }: { status: z.infer<typeof complaintStatusSchema>; color?: string; t: Translate }) {
  const v = complaintStatusView(status, color);
  return (
    <span data-testid="complaint-status" data-status={status} className="inline-flex items-center gap-1.5 rounded-full border-2 bg-white px-2 py-0.5 text-sm font-semibold text-gray-900" style={{ borderColor: v.color }}>
      <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: v.color }} />
      {t(v.label)}
    </span>
  );
}
