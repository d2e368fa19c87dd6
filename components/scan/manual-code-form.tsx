'use client';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { useT } from '@/components/shell/i18n-context';
import { loadRecognition } from './load-recognition';

// Typing the code instead of scanning it: the qrId printed under the QR code, or the whole
// link. The same recognition as the camera: only this brand's verify links are opened.
export function ManualCodeForm({ brandName, onOpen }: { brandName: string; onOpen: (path: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const t = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(t('scan.enterCode'));
    const recognition = await loadRecognition().catch(() => undefined);
    if (!recognition) return setError(t('scan.loadFailed')); // the page's own script did not arrive
    const found = recognition.recognizeCode(text, window.location.host);
    if (found.kind === 'ours') return onOpen(found.path);
    setError(
      found.kind === 'other-site' ? t('scan.notOursHost', { brand: brandName, host: found.host }) : t('scan.notOursTyped', { brand: brandName }),
    );
  };
  return (
    <form id="type-code" onSubmit={submit} noValidate aria-labelledby="type-code-heading" className="mt-6 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="type-code-heading" className="mb-3 text-lg font-semibold text-gray-900">{t('scan.typeCode')}</h2>
      <Field
        label={t('lookup.codeLabel')}
        name="code"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        hint={t('lookup.codeHint')}
      />
      <Button type="submit">{t('scan.checkCode')}</Button>
    </form>
  );
}
