import 'server-only';
import type { StaffSessionRow } from '@/lib/console/sessions';
import type { StaffSessionView } from '@/lib/schemas/console';

/** A session row as the API shows it (its own list marks the session making the request). */
export function sessionView(s: StaffSessionRow, currentId?: string): StaffSessionView {
  return {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    address: s.address,
    userAgent: s.userAgent,
    ...(currentId ? { current: s.id === currentId } : {}),
  };
}
