'use client';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { useFocusOnError } from '@/components/ui/use-form-focus';
import { errorFieldOf, fieldMessageOf, formErrorsOf, hasErrors, type FormErrors } from '@/lib/client/form-errors';
import { ApiRequestError, submitReport } from '@/lib/client/report';
import { useI18n } from '@/components/shell/i18n-context';
import { afterHydration } from '@/components/shell/lazy';
import type { Coarse, LocationConsent as LocationConsentType } from './location-consent';

// Sharing a place is optional and offered once the page is interactive: its code loads then,
// not in the page's first load (which holds the 144 kB budget).
const LocationConsent = afterHydration<React.ComponentProps<typeof LocationConsentType>>(() => import('./location-consent').then((m) => m.LocationConsent), 'location consent');

// The report of a suspicious product: what is wrong (required), the code (optional), a photo
// (optional, an image of at most 5 MB) and, when the customer allows it, a coarse location.
// Sent as multipart to POST /api/report; the API's 413/415/422 answers show by their field.

// The location is not typed by the customer: its problems are the whole form's.
const API_FIELDS = { description: 'description', qrId: 'qrId', photo: 'photo', lat: 'form', lng: 'form' } as const;

export function ReportForm({ initialQrId, initialDescription = '' }: { initialQrId: string; initialDescription?: string }) {
  const { locale, t } = useI18n();
  const [description, setDescription] = useState(initialDescription);
  const [qrId, setQrId] = useState(initialQrId);
  // The chosen photo, ready to send, or why it was refused (it stays on the field until another is chosen).
  const [photo, setPhoto] = useState<File | string>();
  const [location, setLocation] = useState<Coarse>();
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusOnError(attempt);

  /** Shows these errors and moves focus to the first invalid field (else the alert). */
  const fail = (e: FormErrors) => {
    setErrors(e);
    setAttempt((n) => n + 1);
  };

  // Checked as soon as it is chosen; a camera photo over the limit is made smaller here (the
  // canvas code loads only then).
  const onPhoto = async (file: File | undefined) => {
    setPhoto(undefined);
    let chosen: File | string | undefined;
    if (file) {
      setBusy(true);
      chosen = await (await import('@/components/files/prepare-photo')).choosePhoto(file, t);
      setBusy(false);
    }
    setPhoto(chosen);
    setErrors((e) => ({ ...e, photo: typeof chosen === 'string' ? chosen : undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: FormErrors = {};
    if (!description.trim()) found.description = t('report.describe');
    if (typeof photo === 'string') found.photo = photo;
    if (hasErrors(found)) return fail(found);
    const form = new FormData();
    form.set('description', description.trim());
    if (qrId.trim()) form.set('qrId', qrId.trim());
    if (location) {
      form.set('lat', String(location.lat));
      form.set('lng', String(location.lng));
    }
    if (photo) form.set('photo', photo as File);
    setBusy(true);
    setErrors({});
    try {
      const answer = await submitReport(form);
      setDone(answer.photoStored ? t('report.sentWithPhoto') : t('report.sent'));
    } catch (err) {
      // Not English: the API's error by its code, in the page's language (the words load with the first error).
      const words =
        locale === 'en' ? undefined : await import('@/lib/shared/api-error-words').then((m) => (e: unknown) => m.apiErrorText(locale, t, e), () => undefined);
      // 413 (too large) and 415 (not an image) are about the photo, the only file, whether or
      // not the answer names it.
      if (err instanceof ApiRequestError && (err.status === 413 || err.status === 415)) {
        return fail({ photo: words?.(err) ?? fieldMessageOf(err, errorFieldOf(err) ?? 'photo') });
      }
      fail(formErrorsOf(err, API_FIELDS, words));
    } finally {
      setBusy(false);
    }
  };

  if (done) return <Alert kind="success">{done}</Alert>;
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      {errors.form && <Alert>{errors.form}</Alert>}
      <div className="mb-4">
        <label htmlFor="report-description" className="mb-1 block font-medium text-gray-900">{t('report.whatWrong')}</label>
        <textarea
          id="report-description"
          value={description}
          maxLength={2000}
          rows={5}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'report-description-error' : undefined}
          className="block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
        />
        {errors.description && <p id="report-description-error" className="mt-1 text-sm font-medium text-red-700">{errors.description}</p>}
      </div>
      <Field label={t('report.code')} value={qrId} onChange={(e) => setQrId(e.target.value)} autoComplete="off" spellCheck={false} maxLength={64} error={errors.qrId} />
      <Field
        label={t('report.photo')}
        type="file"
        accept="image/*"
        onChange={(e) => void onPhoto(e.target.files?.[0])}
        error={errors.photo}
        hint={t('report.photoHint')}
      />
      <LocationConsent value={location} onChange={setLocation} label={t('report.location')} />
      <Button type="submit" busy={busy} className="mt-4">{t('report.send')}</Button>
    </form>
  );
}
