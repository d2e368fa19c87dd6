'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a failed submit, moves focus to the first invalid field of the form, else to the
 * form's alert, so keyboard and screen-reader users land on what needs fixing.
 */
export function useFocusOnError(errorKey: unknown) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!errorKey || !formRef.current) return;
    const invalid = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    // An invalid group (a fieldset of radios) cannot take focus itself: its first control does.
    const control = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
    const target = control ?? formRef.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [errorKey]);
  return formRef;
}

/**
 * Moves focus once React has committed the render that the same handler's state updates cause.
 * A field disabled while its form is busy cannot take focus until `busy` is false again; a
 * requestAnimationFrame or timeout may run before that render, and focus is then silently lost.
 * Call the returned function beside the state updates: the effect focuses after their commit.
 */
export function useFocusAfterRender() {
  const [target, setTarget] = useState<{ find: () => HTMLElement | null } | null>(null);
  useEffect(() => {
    target?.find()?.focus();
  }, [target]);
  return useCallback((find: () => HTMLElement | null) => setTarget({ find }), []);
}
