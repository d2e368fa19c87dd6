'use client';
import { useEffect, useRef } from 'react';

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
