import { authOptionsOf, otpSignInMode } from '@/lib/client/auth-options';
import { MODULES, enabledModules } from '@/lib/client/modules';
import { offersPage, pageFlagOf } from '@/lib/shared/routes';
import { FEATURE_FLAGS, type FeatureFlag } from '@/lib/schemas/feature-flags';
import { needsOrientationPrompt } from '@/lib/client/device';
import { isEmbedded } from '@/lib/client/navigate';
import { resendWait } from '@/lib/client/pending-otp';
import { formErrorsOf } from '@/lib/client/form-errors';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { hexToRgb, loadingAnimation } from '@/lib/client/loading-animation';
import type { CloneInfo } from '@/lib/schemas/client';

const allFlags = (on: boolean) => Object.fromEntries(FEATURE_FLAGS.map((f) => [f, on])) as Record<FeatureFlag, boolean>;

const otp = (o: Partial<CloneInfo['otpServices']>): CloneInfo['otpServices'] => ({
  is_No_Password_Flow_Enabled: false,
  isOtpServiceEnabled: false,
  isLoginOtpEnabled: false,
  isRegistartionOtpEnabled: false,
  is_UserName_Intake_Enabled: true,
  isEmailServiceEnabled: true,
  isMobileNoServiceEnabled: false,
  isNoPasswordFlowEnabled: false,
  isLoginOtpRequired: false,
  isRegestrationOtpRequired: false,
  isUserNameEnabled: true,
  isEmailServiceOpted: true,
  isMobileServiceOpted: false,
  ...o,
});

describe('authOptionsOf', () => {
  it('offers password sign-in by e-mail by default', () => {
    expect(authOptionsOf(otp({}))).toEqual({ channels: ['email'], noPassword: false, otpSignIn: false, signupOtp: false, askUserName: true });
  });
  it('offers a code for sign-in only when the OTP service and login OTP are both on', () => {
    expect(authOptionsOf(otp({ isLoginOtpEnabled: true })).otpSignIn).toBe(false);
    expect(authOptionsOf(otp({ isLoginOtpEnabled: true, isOtpServiceEnabled: true })).otpSignIn).toBe(true);
  });
  it('uses SIGNUP OR LOGIN codes and sign-up codes under the no-password flow', () => {
    const o = authOptionsOf(otp({ is_No_Password_Flow_Enabled: true }));
    expect([o.noPassword, o.otpSignIn, o.signupOtp, otpSignInMode(o)]).toEqual([true, true, true, 'SIGNUP OR LOGIN']);
  });
  it('lists mobile before e-mail, and falls back to e-mail when neither is on', () => {
    expect(authOptionsOf(otp({ isMobileNoServiceEnabled: true })).channels).toEqual(['mobile', 'email']);
    expect(authOptionsOf(otp({ isEmailServiceEnabled: false })).channels).toEqual(['email']);
  });
});

describe('enabledModules', () => {
  it('leaves out the modules the brand switched off', () => {
    const flags = { ...allFlags(false), isLoyalityProgramEnabled: true };
    expect(enabledModules(flags).map((m) => m.href)).toEqual(['/qr-scan', '/my-products', '/rewards', '/feedback']);
  });
  it('offers a module exactly when its page is offered (the flag of its entry in the page table)', () => {
    expect(enabledModules(allFlags(true)).map((m) => m.href)).toEqual(['/qr-scan', '/my-products', '/warranty', '/rewards', '/complaints', '/feedback']);
    for (const m of MODULES) expect({ href: m.href, flag: m.flag }).toEqual({ href: m.href, flag: pageFlagOf(m.href) });
    expect(MODULES.find((m) => m.href === '/complaints')?.flag).toBe('isComplaintManagementEnabled');
  });
  it('offers a link to a flag-gated page only when the brand is known and has the flag on', () => {
    expect(offersPage(undefined, '/info-details')).toBe(true);
    expect(offersPage(undefined, '/info-tracking')).toBe(false);
    expect(offersPage(allFlags(false), '/info-tracking')).toBe(false);
    expect(offersPage({ ...allFlags(false), isTrackingEnabled: true }, '/info-tracking')).toBe(true);
  });
});

describe('device rules', () => {
  const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
  it('asks only a mobile device held in landscape to turn', () => {
    expect(needsOrientationPrompt(android, 800, 400)).toBe(true);
    expect(needsOrientationPrompt(android, 400, 800)).toBe(false);
    expect(needsOrientationPrompt(desktop, 1280, 720)).toBe(false);
  });
  it('knows a frame from a top-level window', () => {
    const w = {};
    expect(isEmbedded({ self: w, top: w })).toBe(false);
    expect(isEmbedded({ self: w, top: {} })).toBe(true);
  });
});

describe('resendWait', () => {
  it('counts down to zero from the resend delay', () => {
    expect(resendWait({ sentAt: 1_000, resendAfterSeconds: 30 }, 1_000)).toBe(30);
    expect(resendWait({ sentAt: 1_000, resendAfterSeconds: 30 }, 21_500)).toBe(10);
    expect(resendWait({ sentAt: 1_000, resendAfterSeconds: 30 }, 99_000)).toBe(0);
  });
});

describe('formErrorsOf', () => {
  it('puts a refused field next to its input, and anything else on the form', () => {
    const fieldErr = new ApiRequestError('vpa: must be a UPI id like name@bank', 422, new Headers(), { field: 'vpa' });
    expect(formErrorsOf(fieldErr, ['vpa'])).toEqual({ vpa: 'must be a UPI id like name@bank' });
    expect(formErrorsOf(new ApiRequestError('Invalid credentials', 400), ['contact'])).toEqual({ form: 'Invalid credentials' });
  });
});

describe('loadingAnimation', () => {
  it('is a Lottie document of three dots in the given colour', () => {
    const doc = loadingAnimation(hexToRgb('#ff0000'));
    expect(doc.layers).toHaveLength(3);
    expect([doc.w, doc.h, doc.fr]).toEqual([120, 40, 30]);
    expect(JSON.stringify(doc.layers[0])).toContain('[1,0,0,1]');
  });
});
