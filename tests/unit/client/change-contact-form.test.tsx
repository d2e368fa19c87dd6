/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import hi from '@/messages/hi.json';
import { ChangeContactForm } from '@/components/account/change-contact-form';
import { ProfileProvider } from '@/components/shell/profile';
import { http, refreshAccessToken } from '@/lib/client/http';
import { fetchProfile } from '@/lib/client/queries/profile';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { translator } from '@/lib/shared/i18n';
import { ENGLISH } from '@/tests/support/i18n';
import type { CloneInfo } from '@/lib/schemas/client';
import type { CustomerProfile } from '@/lib/schemas/customer';

// The change-contact screen (components/account/change-contact-form.tsx): its two steps, each
// refusal of the API where it belongs (in English the API's words, in another language the
// screen's own by the answer's code and field), the password asked for when the API wants it, and
// after the change a new token, the profile loaded again and the way back to the profile.

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/lib/client/http', () => ({ http: jest.fn(), refreshAccessToken: jest.fn() }));
jest.mock('@/lib/client/queries/profile', () => ({ ...jest.requireActual('@/lib/client/queries/profile'), fetchProfile: jest.fn() }));

let otpServices: Partial<CloneInfo['otpServices']>;
jest.mock('@/components/shell/brand-context', () => ({ useBrand: () => ({ otpServices }) }));
let language: typeof ENGLISH = ENGLISH;
jest.mock('@/components/shell/i18n-context', () => ({ useI18n: () => language, useOptionalI18n: () => language, useT: () => language.t }));

const mocked = <T extends (...args: never[]) => unknown>(f: T) => f as unknown as jest.MockedFunction<T>;
const apiError = (status: number, body: { errorMessage: string; code: string; field?: string }) => new ApiRequestError(body.errorMessage, status, new Headers(), body);
const SENT = { sent: true, channel: 'email', maskedContact: 'n***@example.com', expiresInSeconds: 600, resendAfterSeconds: 30 };

function profile(over: Partial<CustomerProfile> = {}): CustomerProfile {
  return { emailId: 'old@example.com', mobileNoDetails: null, hasPassword: true, userName: 'Ira', address: {}, ...over } as unknown as CustomerProfile;
}

function renderForm(p = profile()) {
  return render(
    <ProfileProvider profile={p}>
      <ChangeContactForm />
    </ProfileProvider>,
  );
}

async function expectFieldError(input: HTMLElement, message: string) {
  await waitFor(() => {
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect((input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(message);
  });
}

/** Types the new contact and asks for the code. */
function sendTo(contact: string, label = 'New e-mail address') {
  fireEvent.change(screen.getByLabelText(label), { target: { value: contact } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
}

beforeEach(() => {
  jest.clearAllMocks();
  // Answers a test queued and did not use are not the next test's.
  for (const f of [http, refreshAccessToken, fetchProfile]) mocked(f).mockReset();
  language = ENGLISH;
  otpServices = { isEmailServiceEnabled: true, isMobileNoServiceEnabled: false };
});

describe('the change-contact form', () => {
  it('sends a code to the new address, takes the code, then renews the token, reloads the profile and goes back to it', async () => {
    mocked(http).mockResolvedValueOnce(SENT).mockResolvedValueOnce({ success: true, channel: 'email', maskedContact: 'n***@example.com' });
    mocked(refreshAccessToken).mockResolvedValue('token');
    mocked(fetchProfile).mockResolvedValue(profile({ emailId: 'new@example.com' }));
    renderForm();
    expect(screen.getByText(/You sign in with old@example\.com/)).toBeInTheDocument();
    sendTo(' New@Example.com ');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a code to n***@example.com.');
    expect(mocked(http).mock.calls[0]).toEqual(['/auth/customer/change-contact/send', { method: 'POST', body: { channel: 'email', contact: 'new@example.com' } }]);

    // The code: six digits, checked before it is sent.
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '12a3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectFieldError(screen.getByLabelText('Code'), 'Enter the 6-digit code');
    expect(http).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/edit-profile?contact=changed'));
    expect(mocked(http).mock.calls[1]).toEqual(['/auth/customer/change-contact', { method: 'POST', body: { channel: 'email', contact: 'new@example.com', otp: '123456' } }]);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    // The token was renewed before the profile was asked for (its token carries the contact).
    expect(mocked(refreshAccessToken).mock.invocationCallOrder[0]).toBeLessThan(mocked(fetchProfile).mock.invocationCallOrder[0]!);
  });

  it('refuses an empty, a malformed and the current contact before asking the API', async () => {
    renderForm();
    const field = screen.getByLabelText('New e-mail address');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await expectFieldError(field, 'Enter your e-mail address');
    sendTo('not-an-address');
    await expectFieldError(field, 'Enter a valid e-mail address, like name@example.com');
    sendTo('OLD@example.com');
    await expectFieldError(field, 'You already sign in with this. Enter a different one.');
    expect(http).not.toHaveBeenCalled();
  });

  it('with both channels, one field takes either: a mobile number is normalised, a bad one refused', async () => {
    otpServices = { isEmailServiceEnabled: true, isMobileNoServiceEnabled: true };
    mocked(http).mockResolvedValueOnce({ ...SENT, channel: 'mobile', maskedContact: '+91******3210' });
    renderForm();
    const field = screen.getByLabelText('New e-mail address or mobile number');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await expectFieldError(field, 'Enter an e-mail address or a mobile number');
    sendTo('12345', 'New e-mail address or mobile number');
    await expectFieldError(field, 'Enter a valid mobile number with its country code, e.g. +919876543210');
    sendTo('98765 43210', 'New e-mail address or mobile number');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a code to +91******3210.');
    expect(mocked(http).mock.calls[0]![1]).toMatchObject({ body: { channel: 'mobile', contact: '+919876543210' } });
  });

  it.each([
    ['a contact another account uses', 409, { errorMessage: 'This e-mail address is already used by another account. Choose another one.', code: 'conflict', field: 'contact' }, 'This e-mail address is already used by another account. Choose another one.'],
    ['the current contact', 422, { errorMessage: 'contact: this is already your e-mail address', code: 'unprocessable', field: 'contact' }, 'this is already your e-mail address'],
    ['a malformed contact', 422, { errorMessage: 'contact: must be a valid e-mail address', code: 'unprocessable', field: 'contact' }, 'must be a valid e-mail address'],
  ])('shows the API refusing %s on the contact field', async (_what, status, body, shown) => {
    mocked(http).mockRejectedValueOnce(apiError(status, body));
    renderForm();
    sendTo('new@example.com');
    await expectFieldError(screen.getByLabelText('New e-mail address'), shown);
    expect(screen.queryByLabelText('Code')).toBeNull();
  });

  it('too many codes asked for: said for the whole form', async () => {
    mocked(http).mockRejectedValueOnce(apiError(429, { errorMessage: 'Please wait 30 seconds before asking for another code.', code: 'rate_limited' }));
    renderForm();
    sendTo('new@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 30 seconds before asking for another code.');
  });

  it.each([
    ['wrong', 'Incorrect code. Please check it and try again.'],
    ['expired', 'This code has expired. Please request a new one.'],
    ['tried too many times', 'This code was tried too many times. Please request a new one.'],
  ])('a %s code shows on the code field, and nothing is changed', async (_what, message) => {
    mocked(http).mockResolvedValueOnce(SENT).mockRejectedValueOnce(apiError(400, { errorMessage: message, code: 'bad_request', field: 'otp' }));
    renderForm();
    sendTo('new@example.com');
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expectFieldError(screen.getByLabelText('Code'), message);
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('a contact taken while the code was on its way: said for the whole form (its field is gone), and another can be chosen', async () => {
    mocked(http).mockResolvedValueOnce(SENT).mockRejectedValueOnce(apiError(409, { errorMessage: 'This e-mail address is already used by another account. Choose another one.', code: 'conflict', field: 'contact' }));
    renderForm();
    sendTo('new@example.com');
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail address is already used by another account.');
    fireEvent.click(screen.getByRole('button', { name: 'Use another e-mail address or mobile number' }));
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('new@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the current password when the API wants it, and sends it', async () => {
    mocked(http)
      .mockRejectedValueOnce(apiError(403, { errorMessage: 'Enter your current password to change your e-mail address or mobile number.', code: 'forbidden' }))
      .mockRejectedValueOnce(apiError(400, { errorMessage: 'The current password is not right.', code: 'bad_request', field: 'currentPassword' }))
      .mockResolvedValueOnce(SENT);
    renderForm();
    sendTo('new@example.com');
    await expectFieldError(await screen.findByLabelText('Current password'), 'Enter your current password to change your e-mail address or mobile number.');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await expectFieldError(screen.getByLabelText('Current password'), 'The current password is not right.');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'right-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(mocked(http).mock.calls[2]![1]).toMatchObject({ body: { channel: 'email', contact: 'new@example.com', currentPassword: 'right-one' } });
  });

  it('an account without a password that signed in long ago is told to sign in again', async () => {
    mocked(http).mockRejectedValueOnce(apiError(403, { errorMessage: 'To change your e-mail address or mobile number, sign out and sign in again.', code: 'forbidden' }));
    renderForm(profile({ hasPassword: false }));
    sendTo('new@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('To change your e-mail address or mobile number, sign out and sign in again: your last sign-in was more than 10 minutes ago.');
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('in Hindi, each refusal is the screen’s own words, chosen by the answer’s code and field', async () => {
    language = { ...ENGLISH, locale: 'hi' as never, t: translator(hi) };
    mocked(http)
      .mockRejectedValueOnce(apiError(409, { errorMessage: 'This e-mail address is already used by another account. Choose another one.', code: 'conflict', field: 'contact' }))
      .mockResolvedValueOnce(SENT)
      .mockRejectedValueOnce(apiError(400, { errorMessage: 'This code has expired. Please request a new one.', code: 'bad_request', field: 'otp' }));
    renderForm();
    const field = screen.getByLabelText(hi['account.newEmail']);
    fireEvent.change(field, { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: hi['auth.sendCode'] }));
    await expectFieldError(field, hi['account.contactTaken']);
    fireEvent.click(screen.getByRole('button', { name: hi['auth.sendCode'] }));
    const code = await screen.findByLabelText(hi['auth.code']);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: hi['account.confirm'] }));
    await expectFieldError(code, hi['account.codeRefused']);
  });
});
