import type { AuthMode, Channel } from '@/lib/schemas/auth';

// The OTP flow in progress, kept in sessionStorage so /otp-verify survives a reload. The
// sign-up password never goes to storage: it stays in memory for the client-side navigation
// to /otp-verify, and the screen asks again if a reload lost it.

export type PendingOtp = {
  mode: Exclude<AuthMode, 'FORGOT PASSWORD'>;
  channel: Channel;
  contact: string;
  maskedContact: string;
  resendAfterSeconds: number;
  sentAt: number;
  userName?: string;
  from?: string;
};

const KEY = 'bv.pending-otp';
let signupPassword: string | undefined;
// Where sessionStorage is refused (a frame inside a brand's site whose browser blocks
// third-party storage), the flow lives in memory: it survives the client-side navigation to
// /otp-verify, not a reload.
let inMemory: string | null = null;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function savePendingOtp(p: PendingOtp, password?: string) {
  inMemory = JSON.stringify(p);
  storage()?.setItem(KEY, inMemory);
  signupPassword = password;
}

/** The stored flow as text (a stable snapshot for useSyncExternalStore). */
export function readPendingRaw(): string | null {
  const s = storage();
  return s ? s.getItem(KEY) : inMemory;
}

export function parsePendingOtp(raw: string | null): PendingOtp | undefined {
  try {
    const p = raw ? (JSON.parse(raw) as PendingOtp) : undefined;
    return p && typeof p.contact === 'string' && typeof p.mode === 'string' ? p : undefined;
  } catch {
    return undefined;
  }
}

export function pendingPassword(): string | undefined {
  return signupPassword;
}

export function clearPendingOtp() {
  inMemory = null;
  storage()?.removeItem(KEY);
  signupPassword = undefined;
}

/** Seconds until another code may be asked for. */
export function resendWait(p: Pick<PendingOtp, 'sentAt' | 'resendAfterSeconds'>, now = Date.now()): number {
  return Math.max(0, Math.ceil((p.sentAt + p.resendAfterSeconds * 1000 - now) / 1000));
}
