'use client';
import { useEffect, useRef, type ComponentProps } from 'react';
import { PasswordField } from './password-field';

// The password field as a screen that asks for it only later loads it (deferred-password-field.tsx).
// A form's error focus (components/ui/use-form-focus.ts) runs before this field is there, so it
// lands on the form's alert: arriving with an error, the field takes the focus then, unless the
// person has moved on from that alert.
export function LatePasswordField(props: ComponentProps<typeof PasswordField>) {
  const box = useRef<HTMLDivElement>(null);
  const arrivedWithError = useRef(!!props.error);
  useEffect(() => {
    if (!arrivedWithError.current) return;
    const active = document.activeElement;
    if (active === document.body || active?.getAttribute('role') === 'alert') box.current?.querySelector('input')?.focus();
  }, []);
  return (
    <div ref={box}>
      <PasswordField {...props} />
    </div>
  );
}
