/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nContext } from '@/components/shell/i18n-context';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';

// The password field is Field's frame with a show/hide button: the same label, hint and error,
// tied to the input the same way, whichever of the two a form uses.

const t = ((key: string) => (key === 'auth.showPassword' ? 'Show password' : key)) as never;
const withI18n = (ui: React.ReactNode) => render(<I18nContext.Provider value={{ locale: 'en', t, offered: ['en'], timeZone: 'Asia/Kolkata' }}>{ui}</I18nContext.Provider>);

describe('PasswordField', () => {
  it('ties its hint and error to the input as Field does, and is named by its label only', () => {
    withI18n(
      <>
        <Field id="plain" label="Name" hint="As on your ID" error="Enter your name" />
        <PasswordField id="secret" label="Password" hint="At least 8 characters" error="Too short" />
      </>,
    );
    const plain = screen.getByLabelText('Name');
    const secret = screen.getByLabelText('Password');
    expect(plain.getAttribute('aria-describedby')).toBe('plain-hint plain-error');
    expect(secret.getAttribute('aria-describedby')).toBe('secret-hint secret-error');
    expect(secret).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById('secret-hint')).toHaveTextContent('At least 8 characters');
    expect(document.getElementById('secret-error')).toHaveTextContent('Too short');
    expect(screen.getAllByLabelText(/Password/)).toEqual([secret]); // the button is not a second "Password"
  });

  it('describes nothing when there is no hint or error', () => {
    withI18n(<PasswordField id="bare" label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows and hides the text in the same input, saying so with its pressed state', () => {
    withI18n(<PasswordField id="p" label="Password" defaultValue="s3cret-Pass" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.type).toBe('password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(screen.getByLabelText('Password')).toBe(input);
    expect(input.type).toBe('text');
    expect(input.value).toBe('s3cret-Pass');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(input.type).toBe('password');
  });
});
