/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { consoleButtonClass } from '@/components/console/button';
import { SignOutButton } from '@/components/console/sign-out-button';
import { SecondFactorForm } from '@/components/console/second-factor-form';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { hardNavigate } from '@/lib/client/navigate';

// The console's sign-out and the second-factor screen's switches are on the console's button
// kit (components/console/button.tsx: the header and link looks), their texts and names as before.

jest.mock('@/lib/client/console-api', () => ({ consoleApi: jest.fn() }));
jest.mock('@/lib/client/navigate', () => ({ ...jest.requireActual('@/lib/client/navigate'), hardNavigate: jest.fn() }));
const api = consoleApi as jest.MockedFunction<typeof consoleApi>;

beforeEach(() => api.mockReset());

describe('SignOutButton', () => {
  it('is a kit button in the header look: it ends the session, busy meanwhile, then goes to the sign-in', async () => {
    let done!: () => void;
    api.mockReturnValue(new Promise<void>((res) => (done = res)) as never);
    render(<SignOutButton />);
    const button = screen.getByRole('button', { name: 'Sign out' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.className).toBe(consoleButtonClass('header', 'md') + ' ');
    fireEvent.click(button);
    expect(api).toHaveBeenCalledWith(CONSOLE_API.signOut);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    done();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/sign-in'));
  });

  it('on a light page it is the kit\'s secondary button, with its own label', () => {
    render(<SignOutButton label="Sign in as someone else" onLight />);
    expect(screen.getByRole('button', { name: 'Sign in as someone else' }).className).toBe(consoleButtonClass('secondary', 'md') + ' ');
  });
});

describe('SecondFactorForm switches', () => {
  it('are kit buttons in the link look that switch the field and move the keyboard to it', async () => {
    render(<SecondFactorForm from="/" />);
    const toRecovery = screen.getByRole('button', { name: 'Use a recovery code instead' });
    expect(toRecovery).toHaveAttribute('type', 'button');
    expect(toRecovery.className).toBe(consoleButtonClass('link', 'md') + ' ');
    fireEvent.click(toRecovery);
    await waitFor(() => expect(screen.getByLabelText('Recovery code')).toHaveFocus());
    const toApp = screen.getByRole('button', { name: 'Use the code from your authenticator app' });
    expect(toApp.className).toBe(consoleButtonClass('link', 'md') + ' ');
    fireEvent.click(toApp);
    expect(screen.queryByLabelText('Recovery code')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });
});

describe('consoleButtonClass', () => {
  it('gives the link look no box and the header look a light ring on the coloured bar', () => {
    expect(consoleButtonClass('link')).toContain('underline');
    expect(consoleButtonClass('link')).not.toMatch(/\bborder\b/);
    expect(consoleButtonClass('header')).toContain('focus-visible:outline-white');
    expect(consoleButtonClass('header')).not.toContain('outline-blue-800');
    expect(consoleButtonClass('primary')).toContain('focus-visible:outline-blue-800');
  });
});
