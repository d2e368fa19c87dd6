'use client';
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CodeField } from '@/components/ui/code-field';
import { Field } from '@/components/ui/field';
import { DeferredPasswordField as PasswordField } from '@/components/ui/deferred-password-field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { useBrand } from '@/components/shell/brand-context';
import { useProfileState } from '@/components/shell/profile';
import { useI18n } from '@/components/shell/i18n-context';
import { http, refreshAccessToken } from '@/lib/client/lazy-http';
import { formErrorsOf, type FieldMap, type FormErrors } from '@/lib/client/form-errors';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { normalizeMobile, OTP_LENGTH } from '@/lib/domain/auth-rules';
import type { MessageKey } from '@/lib/shared/i18n';
import type { Channel } from '@/lib/schemas/auth';

// /change-contact — the e-mail address or mobile number the customer signs in with, changed with
// a code sent to the new one (docs/security.md, "Changing the sign-in contact"):
//   1. the new contact → POST /api/auth/customer/change-contact/send (with the current password
//      when the API asks for it: the last sign-in is over 10 minutes old);
//   2. the code → POST /api/auth/customer/change-contact. Every session ended and this browser got
//      a new one: the in-memory token (it carries the contact) is renewed, the profile loaded again,
//      and the customer is back on the profile, which says what they now sign in with.
// Each refusal of the API shows where it belongs, in the customer's language (chosen by the
// answer's code and field, never by its English words).

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The channel a typed contact is for: an '@' makes it an e-mail address. */
const channelOf = (contact: string, offered: Channel[]): Channel => (offered.length === 1 ? offered[0]! : contact.includes('@') ? 'email' : 'mobile');

/** The contact as the API stores it (e-mail lower case, mobile numbers with +91), or undefined when malformed. */
function normalized(channel: Channel, contact: string): string | undefined {
  const v = contact.trim();
  if (channel === 'email') return EMAIL.test(v) && v.length <= 254 ? v.toLowerCase() : undefined;
  return normalizeMobile(v);
}

const INVALID: Record<Channel, MessageKey> = { email: 'account.invalidEmail', mobile: 'account.invalidMobile' };

/** The channels the brand signs in with (as lib/client/auth-options.ts, without the rest of its options). */
function channelsOf(o: { isMobileNoServiceEnabled?: boolean; isEmailServiceEnabled?: boolean }): Channel[] {
  const offered: Channel[] = [];
  if (o.isMobileNoServiceEnabled) offered.push('mobile');
  if (o.isEmailServiceEnabled) offered.push('email');
  return offered.length ? offered : ['email'];
}

type Sent = { channel: Channel; contact: string; maskedContact: string };

export function ChangeContactForm() {
  const { locale, t } = useI18n();
  const brand = useBrand();
  const router = useRouter();
  const { profile, refreshProfile } = useProfileState();
  const offered = channelsOf(brand.otpServices);
  const current = profile.emailId ?? profile.mobileNoDetails?.mobileNo ?? '';
  const [contact, setContact] = useState('');
  const [password, setPassword] = useState('');
  // Asked for only when the API wants it (a sign-in over 10 minutes ago, an account with a password).
  const [askPassword, setAskPassword] = useState(false);
  const [sent, setSent] = useState<Sent>();
  const [code, setCode] = useState('');
  const { errors, setErrors, busy, setBusy, formRef, fail, valid } = useFormSubmit();

  /** An API refusal as the form shows it; `fields` are those on screen. */
  async function errorsOf(err: unknown, fields: FieldMap, channel: Channel): Promise<FormErrors> {
    const body = err instanceof ApiRequestError ? (err.body as { code?: string; field?: string } | undefined) : undefined;
    if (locale === 'en' || !body) return formErrorsOf(err, fields); // English: the API's own words
    const { changeContactErrors } = await import('./change-contact-words');
    return changeContactErrors(err, body, fields, INVALID[channel], locale, t);
  }

  async function run(fields: FieldMap, channel: Channel, work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiRequestError && err.status === 403 && !sent) {
        // Not recent enough: the password, or (an account without one) a new sign-in.
        if (profile.hasPassword) {
          setAskPassword(true);
          fail({ currentPassword: t('account.contactNeedsPassword') });
        } else fail({ form: t('account.contactNeedsSignIn') });
        return;
      }
      fail(await errorsOf(err, fields, channel));
    }
  }

  async function sendCode(to: { channel: Channel; contact: string }) {
    const answer = await http<{ maskedContact: string }>('/auth/customer/change-contact/send', {
      method: 'POST',
      body: { ...to, ...(askPassword && password ? { currentPassword: password } : {}) },
    });
    setSent({ ...to, maskedContact: answer.maskedContact });
    setCode('');
    setBusy(false);
  }

  async function onSend(ev: FormEvent) {
    ev.preventDefault();
    const channel = channelOf(contact, offered);
    const next = normalized(channel, contact);
    const empty = offered.length > 1 ? 'account.enterNewContact' : channel === 'email' ? 'auth.enterEmail' : 'auth.enterMobile';
    const problem: MessageKey | undefined = !contact.trim()
      ? empty
      : !next || !offered.includes(channel)
        ? INVALID[offered.includes(channel) ? channel : offered[0]!]
        : next === (channel === 'email' ? current.toLowerCase() : current)
          ? 'account.sameContact'
          : undefined;
    const local = {
      contact: problem && t(problem),
      currentPassword: askPassword && !password ? t('account.contactNeedsPassword') : undefined,
    };
    if (!valid(local)) return;
    await run({ contact: 'contact', channel: 'contact', currentPassword: 'currentPassword' }, channel, () => sendCode({ channel, contact: next! }));
  }

  async function onConfirm(ev: FormEvent) {
    ev.preventDefault();
    if (!sent) return;
    if (!valid({ otp: new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code) ? undefined : t('auth.enterCode', { count: OTP_LENGTH }) })) return;
    await run(['otp'], sent.channel, async () => {
      await http('/auth/customer/change-contact', { method: 'POST', body: { channel: sent.channel, contact: sent.contact, otp: code } });
      // This browser's session is a new one: a token for it, the profile with the new contact.
      await refreshAccessToken().catch(() => undefined);
      await refreshProfile();
      router.push('/edit-profile?contact=changed');
    });
  }

  const label: MessageKey = offered.length > 1 ? 'account.newContact' : offered[0] === 'email' ? 'account.newEmail' : 'account.newMobile';
  return (
    <>
      <p className="mb-4 text-gray-800">{t('account.changeContactIntro', { contact: current, count: OTP_LENGTH })}</p>
      <form ref={formRef} onSubmit={sent ? onConfirm : onSend} noValidate data-testid="change-contact">
        {errors.form && <Alert>{errors.form}</Alert>}
        {sent ? (
          <>
            <Alert kind="success">{t('account.codeSent', { contact: sent.maskedContact })}</Alert>
            <CodeField label={t('auth.code')} value={code} onChange={setCode} error={errors.otp} />
            <Button type="submit" busy={busy}>{t('account.confirm')}</Button>
            <button type="button" className="mt-4 block min-h-11 underline" disabled={busy} onClick={() => run(['otp'], sent.channel, () => sendCode(sent))}>
              {t('auth.sendNewCode')}
            </button>
            <button type="button" className="block min-h-11 underline" disabled={busy} onClick={() => { setSent(undefined); setErrors({}); }}>
              {t('account.useAnotherContact')}
            </button>
          </>
        ) : (
          <>
            <Field
              label={t(label)}
              name="contact"
              type={offered.length > 1 ? 'text' : offered[0] === 'email' ? 'email' : 'tel'}
              inputMode={offered.length > 1 ? 'email' : offered[0] === 'email' ? 'email' : 'tel'}
              autoComplete={offered.length > 1 ? 'off' : offered[0] === 'email' ? 'email' : 'tel'}
              autoCapitalize="none"
              spellCheck={false}
              hint={offered.includes('mobile') ? t('auth.mobileHint') : undefined}
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              error={errors.contact}
              required
            />
            {askPassword && (
              <PasswordField
                label={t('account.currentPassword')}
                name="currentPassword"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors.currentPassword}
                required
              />
            )}
            <Button type="submit" busy={busy}>{t('auth.sendCode')}</Button>
          </>
        )}
      </form>
      <p className="mt-6">
        <Link className="underline" href="/edit-profile">{t('account.backToProfile')}</Link>
      </p>
    </>
  );
}
