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

export function savePendingOtp(p: PendingOtp, password?: string) {
  sessionStorage.setItem(KEY, JSON.stringify(p));
  signupPassword = password;
}

/** The stored flow as text (a stable snapshot for useSyncExternalStore). */
export function readPendingRaw(): string | null {
  return sessionStorage.getItem(KEY);
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
  sessionStorage.removeItem(KEY);
  signupPassword = undefined;
}

/** Seconds until another code may be asked for. */
export function resendWait(p: Pick<PendingOtp, 'sentAt' | 'resendAfterSeconds'>, now = Date.now()): number {
  return Math.max(0, Math.ceil((p.sentAt + p.resendAfterSeconds * 1000 - now) / 1000));
}
