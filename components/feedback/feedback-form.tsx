'use client';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useFormSubmit } from '@/components/auth/use-form-submit';
import { http } from '@/lib/client/lazy-http';
import { useT } from '@/components/shell/i18n-context';
import type { MessageKey } from '@/lib/shared/i18n';

const WORDS: MessageKey[] = ['feedback.rating1', 'feedback.rating1', 'feedback.rating2', 'feedback.rating3', 'feedback.rating4', 'feedback.rating5'];

// /feedback — a rating from 1 to 5 (a radio group) and a comment (POST /api/customer/feedback).
export function FeedbackForm({ unitId }: { unitId?: string }) {
  const t = useT();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const { errors, busy, formRef, valid, submit } = useFormSubmit();
  const [thanked, setThanked] = useState(false);

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    if (!valid({ rating: rating ? undefined : t('feedback.chooseRating') })) return;
    await submit(['rating', 'comment'], async () => {
      await http('/customer/feedback', { method: 'POST', body: { rating, comment: comment.trim(), ...(unitId ? { unitId } : {}) } });
      setThanked(true);
    });
  }

  if (thanked) {
    return (
      <div role="status" className="rounded-lg border-l-4 border-green-700 bg-green-50 p-4 text-green-900" data-testid="feedback-thanks">
        <p className="font-semibold">{t('feedback.thanks')}</p>
        <p className="mt-1">{t('feedback.thanksText')}</p>
        <p className="mt-2"><Link className="underline" href="/">{t('module.backHome')}</Link></p>
      </div>
    );
  }
  const error = errors.form; // a rating's or a comment's problem shows under it
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {error && <Alert>{error}</Alert>}
      <fieldset className="mb-4" aria-invalid={errors.rating ? true : undefined} aria-describedby={errors.rating ? 'feedback-rating-error' : undefined}>
        <legend className="mb-2 font-medium text-gray-900">{t('feedback.yourRating')}</legend>
        <div className="flex gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="relative flex min-h-11 min-w-11 flex-1 cursor-pointer flex-col items-center justify-center rounded-md border border-gray-400 bg-white p-1 has-[:checked]:border-brand-primary has-[:checked]:bg-brand-primary has-[:checked]:text-brand-text has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="sr-only" aria-label={t('feedback.ratingLabel', { n, words: t(WORDS[n]!) })} />
              <span aria-hidden="true" className="text-xl leading-none">{n <= rating ? '★' : '☆'}</span>
              <span aria-hidden="true" className="text-sm font-semibold">{n}</span>
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-gray-800" aria-live="polite">{rating ? t('feedback.ratingChosen', { n: rating, words: t(WORDS[rating]!) }) : t('feedback.ratingScale')}</p>
        {errors.rating && <p id="feedback-rating-error" role="alert" className="mt-1 text-sm font-medium text-red-700">{errors.rating}</p>}
      </fieldset>
      <div className="mb-4">
        <label htmlFor="feedback-comment" className="mb-1 block font-medium text-gray-900">{t('feedback.comment')}</label>
        <textarea id="feedback-comment" maxLength={1000} className="block min-h-28 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900" value={comment} onChange={(e) => setComment(e.target.value)} aria-invalid={errors.comment ? true : undefined} aria-describedby={errors.comment ? 'feedback-comment-error' : undefined} />
        {errors.comment && <p id="feedback-comment-error" className="mt-1 text-sm font-medium text-red-700">{errors.comment}</p>}
      </div>
      <Button type="submit" busy={busy}>{t('feedback.send')}</Button>
    </form>
  );
}
