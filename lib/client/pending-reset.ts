import type { Channel } from '@/lib/schemas/auth';

// The forgotten-password flow's code step, kept in sessionStorage so it survives a reload (the
// customer switching to the SMS app): the contact the code went to and when; never the code nor
// the new password. A module of its own, beside pending-otp.ts: only /forget-password loads it.

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export type PendingReset = { channel: Channel; contact: string; maskedContact: string; sentAt: number };
const RESET_KEY = 'bv.pending-reset';

export function savePendingReset(p: PendingReset) {
  storage()?.setItem(RESET_KEY, JSON.stringify(p));
}

export function readPendingReset(): PendingReset | undefined {
  try {
    const raw = storage()?.getItem(RESET_KEY);
    const p = raw ? (JSON.parse(raw) as PendingReset) : undefined;
    return p && typeof p.contact === 'string' && typeof p.maskedContact === 'string' && (p.channel === 'email' || p.channel === 'mobile') ? p : undefined;
  } catch {
    return undefined;
  }
}

export function clearPendingReset() {
  storage()?.removeItem(RESET_KEY);
}
