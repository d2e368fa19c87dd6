'use client';
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { http } from '@/lib/client/lazy-http';
import { PROFILE_PATH } from '@/lib/client/queries/profile';
import { useProfileState } from '@/components/shell/profile';
import { useT } from '@/components/shell/i18n-context';
import type { CustomerProfile } from '@/lib/schemas/customer';
import type { MessageKey } from '@/lib/shared/i18n';

// /edit-profile — every profile field; the contact the customer signs in with is read-only.
const ADDRESS_FIELDS = [
  ['fullAddress', 'account.address', 'street-address'],
  ['city', 'account.city', 'address-level2'],
  ['state', 'account.state', 'address-level1'],
  ['pincode', 'account.pincode', 'postal-code'],
  ['country', 'account.country', 'country-name'],
] as const satisfies readonly (readonly [string, MessageKey, string])[];

// The API names an address problem by its path (address.city); each shows on its own field.
const API_FIELDS: Record<string, string> = {
  userName: 'userName',
  companyName: 'companyName',
  dob: 'dob',
  address: 'fullAddress',
  ...Object.fromEntries(ADDRESS_FIELDS.map(([k]) => [`address.${k}`, k])),
};

export function EditProfileForm({ contactChanged = false }: { contactChanged?: boolean }) {
  const { profile } = useProfileState();
  return <ProfileFields profile={profile} contactChanged={contactChanged} />;
}

function ProfileFields({ profile, contactChanged }: { profile: CustomerProfile; contactChanged: boolean }) {
  const { setProfile } = useProfileState();
  const t = useT();
  const [values, setValues] = useState({
    userName: profile.userName ?? '',
    companyName: profile.companyName ?? '',
    gender: profile.gender,
    dob: profile.dob ?? '',
    ...profile.address,
  });
  const { errors, setErrors, busy, setBusy, formRef, valid, submit } = useFormSubmit();
  const [saved, setSaved] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setSaved(false);
    if (!valid({ userName: values.userName.trim() ? undefined : t('auth.enterName') })) return;
    await submit(API_FIELDS, async () => {
      const updated = await http<CustomerProfile>(PROFILE_PATH, {
        method: 'PUT',
        body: {
          userName: values.userName.trim(),
          companyName: values.companyName.trim() || null,
          gender: values.gender,
          dob: values.dob || null,
          address: { fullAddress: values.fullAddress, city: values.city, state: values.state, pincode: values.pincode, country: values.country },
        },
      });
      setProfile(updated);
      setErrors({});
      setSaved(true);
      setBusy(false);
    });
  }

  const contact = profile.emailId ?? profile.mobileNoDetails?.mobileNo ?? '';
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {contactChanged && !saved && <Alert kind="success">{t('account.contactChanged', { contact })}</Alert>}
      {saved && <Alert kind="success">{t('account.profileSaved')}</Alert>}
      {errors.form && <Alert>{errors.form}</Alert>}
      <Field label={t(profile.emailId ? 'auth.email' : 'auth.mobile')} value={contact} readOnly hint={t('account.contactReadOnly')} />
      <p className="mb-4">
        <Link className="inline-block min-h-11 py-2 underline" href="/change-contact">{t('account.changeContactLink')}</Link>
      </p>
      <Field label={t('account.name')} name="userName" autoComplete="name" value={values.userName} onChange={set('userName')} error={errors.userName} required />
      <Field label={t('account.company')} name="companyName" autoComplete="organization" value={values.companyName} onChange={set('companyName')} error={errors.companyName} />
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium text-gray-900">{t('account.gender')}</legend>
        <div className="flex gap-6">
          {(['female', 'male'] as const).map((g) => (
            <label key={g} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="gender" value={g} checked={values.gender === g} onChange={() => setValues((v) => ({ ...v, gender: g }))} />
              {t(g === 'female' ? 'account.female' : 'account.male')}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('account.dob')} name="dob" type="date" value={values.dob} onChange={set('dob')} error={errors.dob} />
      {ADDRESS_FIELDS.map(([k, label, auto]) => (
        // The PIN code is six digits: the number keypad on a phone.
        <Field key={k} label={t(label)} name={k} autoComplete={auto} {...(k === 'pincode' ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {})} value={values[k]} onChange={set(k)} error={errors[k]} />
      ))}
      <Button type="submit" busy={busy}>{t('account.save')}</Button>
    </form>
  );
}
