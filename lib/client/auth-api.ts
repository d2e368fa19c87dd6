import { http } from './lazy-http';
import type { AuthMode, Channel } from '@/lib/schemas/auth';

// The account calls of the sign-in screens (no token yet: auth false).

export type SentOtp = { sent: true; channel: Channel; maskedContact: string; expiresInSeconds: number; resendAfterSeconds: number };
export type SignedIn = { customerId: string; isNewCustomer: boolean };

const post = <T>(path: string, body: unknown) => http<T>(path, { method: 'POST', body, auth: false });

export const sendOtp = (mode: AuthMode, channel: Channel, contact: string) =>
  post<SentOtp>('/auth/customer/otp/send', { mode, channel, contact });

export const passwordLogin = (channel: Channel, contact: string, password: string) =>
  post<SignedIn>('/auth/customer/web/login', { channel, contact, password });

/** With a code: signed in. Without one: a code was sent to confirm the contact (nobody is signed in yet). */
export const signUp = (body: { channel: Channel; contact: string; password?: string; userName?: string; otp?: string }) =>
  post<SignedIn | SentOtp>('/auth/customer/web/signup', body);

export const verifyOtp = (body: { mode: 'LOGIN' | 'SIGNUP OR LOGIN'; channel: Channel; contact: string; otp: string; userName?: string }) =>
  post<SignedIn>('/auth/customer/otp/verify', body);

export const resetForgottenPassword = (body: { channel: Channel; contact: string; otp: string; password: string }) =>
  post<{ success: true }>('/auth/customer/forgot-password/reset', body);
