'use client';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { loadRecognition } from './load-recognition';

/** When the code could not be checked because the page's own script did not arrive. */
const LOAD_FAILED = 'Could not check the code. Check your connection and try again.';

// Typing the code instead of scanning it: the qrId printed under the QR code, or the whole
// link. The same recognition as the camera: only this brand's verify links are opened.
export function ManualCodeForm({ brandName, onOpen }: { brandName: string; onOpen: (path: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Enter the code printed under the QR code, or its link');
    const recognition = await loadRecognition().catch(() => undefined);
    if (!recognition) return setError(LOAD_FAILED);
    const found = recognition.recognizeCode(text, window.location.host);
    if (found.kind === 'ours') return onOpen(found.path);
    setError(
      found.kind === 'other-site' ? `This is not a code of ${brandName}: it points to ${found.host}. It was not opened.`
      : `This is not a code of ${brandName}. Check what you typed.`,
    );
  };
  return (
    <form id="type-code" onSubmit={submit} noValidate aria-labelledby="type-code-heading" className="mt-6 rounded-xl border border-gray-300 bg-white p-4">
      <h2 id="type-code-heading" className="mb-3 text-lg font-semibold text-gray-900">Type the code instead</h2>
      <Field
        label="QR code or link"
        name="code"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        hint="The characters printed under the QR code, or the whole link."
      />
      <Button type="submit">Check code</Button>
    </form>
  );
}
