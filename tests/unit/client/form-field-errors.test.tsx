/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoginForm } from '@/components/auth/login-form';
import { SignupForm } from '@/components/auth/signup-form';
import { ForgetPasswordForm } from '@/components/auth/forget-password-form';
import { UpiDetailsForm } from '@/components/rewards/upi-details-form';
import { RewardsList } from '@/components/rewards/rewards-list';
import { EditProfileForm } from '@/components/account/edit-profile-form';
import { ReportForm } from '@/components/scan/report-form';
import { JourneyPanel } from '@/components/journey/journey-panel';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { answerStep, journeyQuery, type Journey } from '@/lib/client/queries/journeys';
import { passwordLogin, resetForgottenPassword, sendOtp, signUp } from '@/lib/client/auth-api';
import { http } from '@/lib/client/http';
import { callWithHeaders } from '@/lib/client/upload';
import { submitReport } from '@/lib/client/report';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { errorFieldOf, fieldMessageOf, formErrorsOf } from '@/lib/client/form-errors';
import { UPI_NEEDS_PASSWORD } from '@/lib/domain/auth-rules';
import type { CloneInfo } from '@/lib/schemas/client';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { ProfileProvider } from '@/components/shell/profile';

// A Brand API error answer carries the request field at fault ({ errorMessage, code, field });
// the forms show it next to that field (aria-invalid, aria-describedby) and move focus there,
// by `field` and never by reading the message.

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/lib/client/auth-api', () => ({ passwordLogin: jest.fn(), sendOtp: jest.fn(), signUp: jest.fn(), resetForgottenPassword: jest.fn(), verifyOtp: jest.fn() }));
jest.mock('@/lib/client/finish-sign-in', () => ({ finishSignIn: jest.fn() }));
jest.mock('@/lib/client/navigate', () => ({ ...jest.requireActual('@/lib/client/navigate'), hardNavigate: jest.fn() }));
jest.mock('@/lib/client/http', () => ({ http: jest.fn(), refreshAccessToken: jest.fn() }));
jest.mock('@/lib/client/upload', () => ({ callWithHeaders: jest.fn(), upload: jest.fn() }));
jest.mock('@/lib/client/queries/journeys', () => ({ ...jest.requireActual('@/lib/client/queries/journeys'), answerStep: jest.fn() }));
jest.mock('@/lib/client/report', () => ({ ...jest.requireActual('@/lib/client/report'), submitReport: jest.fn() }));

let otpServices: CloneInfo['otpServices'];
jest.mock('@/components/shell/brand-context', () => ({ useBrand: () => ({ otpServices }) }));
jest.mock('@/components/shell/i18n-context', () => jest.requireActual('@/tests/support/i18n').englishContext());

const mocked = <T extends (...args: never[]) => unknown>(f: T) => f as unknown as jest.MockedFunction<T>;

/** The error a call throws for an answer of this status and body. */
const apiError = (status: number, body: { errorMessage: string; code: string; field?: string }) =>
  new ApiRequestError(body.errorMessage, status, new Headers(), body);

/** The field shows this error: marked invalid, described by it, and focused. */
async function expectFieldError(input: HTMLElement, message: string) {
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
  await waitFor(() => expect(input).toHaveFocus());
}

/** `ui` with React Query holding `data`; a ['customer-profile'] entry is the signed-in shell's profile instead. */
function withQueries(ui: ReactNode, data: Array<[readonly unknown[], unknown]> = []) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let profile: CustomerProfile | undefined;
  for (const [key, value] of data) {
    if (key[0] === 'customer-profile') profile = value as CustomerProfile;
    else qc.setQueryData(key, value);
  }
  return render(<QueryClientProvider client={qc}>{profile ? <ProfileProvider profile={profile}>{ui}</ProfileProvider> : ui}</QueryClientProvider>);
}

beforeEach(() => {
  jest.clearAllMocks();
  otpServices = {
    isMobileNoServiceEnabled: false,
    isEmailServiceEnabled: true,
    is_No_Password_Flow_Enabled: false,
    isOtpServiceEnabled: false,
    isLoginOtpEnabled: false,
    isRegistartionOtpEnabled: false,
    is_UserName_Intake_Enabled: true,
  } as CloneInfo['otpServices'];
});

describe('formErrorsOf', () => {
  const err = (field?: string, errorMessage = 'x: wrong') => apiError(422, { errorMessage, code: 'unprocessable', ...(field ? { field } : {}) });

  it('puts the error on the field the answer names, without the name in front of the message', () => {
    expect(formErrorsOf(err('vpa', 'vpa: must look like name@bank'), ['vpa'])).toEqual({ vpa: 'must look like name@bank' });
    expect(formErrorsOf(err('otp', 'Code is wrong'), ['otp'])).toEqual({ otp: 'Code is wrong' });
  });

  it('reads the field from the answer only: a message that starts with a field name is the form’s', () => {
    expect(formErrorsOf(err(undefined, 'vpa: must look like name@bank'), ['vpa'])).toEqual({ form: 'vpa: must look like name@bank' });
    expect(errorFieldOf(new Error('vpa: x'))).toBeUndefined();
  });

  it('maps API names to form fields, exactly or by the first part of a path', () => {
    const map = { channel: 'contact', address: 'fullAddress', 'address.city': 'city' };
    expect(formErrorsOf(err('channel', 'channel: not offered'), map)).toEqual({ contact: 'not offered' });
    expect(formErrorsOf(err('address.city', 'address.city: too long'), map)).toEqual({ city: 'too long' });
    expect(formErrorsOf(err('address.pincode', 'bad PIN'), map)).toEqual({ fullAddress: 'bad PIN' });
    expect(formErrorsOf(err('attachments.1', 'not an image'), ['attachments'])).toEqual({ attachments: 'not an image' });
    expect(formErrorsOf(err('toString', 'odd'), map)).toEqual({ form: 'odd' });
  });

  it('keeps a field the form does not show for the whole form', () => {
    expect(formErrorsOf(err('gender', 'gender: invalid'), ['userName'])).toEqual({ form: 'gender: invalid' });
    expect(fieldMessageOf(err(undefined, 'photo: too big'), 'photo')).toBe('too big');
  });
});

describe('the auth forms', () => {
  it('login: a contact error shows on the contact field, which gets focus', async () => {
    mocked(passwordLogin).mockRejectedValue(apiError(422, { errorMessage: 'contact: must be a valid e-mail address', code: 'unprocessable', field: 'contact' }));
    render(<LoginForm from="/" />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'nobody' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectFieldError(screen.getByLabelText('E-mail address'), 'must be a valid e-mail address');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('login: a refused channel is the contact field’s problem; an answer without a field is the form’s', async () => {
    mocked(passwordLogin)
      .mockRejectedValueOnce(apiError(422, { errorMessage: 'channel: this brand does not sign in by e-mail', code: 'unprocessable', field: 'channel' }))
      .mockRejectedValueOnce(apiError(401, { errorMessage: 'password: does not match', code: 'unauthorized' }));
    render(<LoginForm from="/" />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectFieldError(screen.getByLabelText('E-mail address'), 'this brand does not sign in by e-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('password: does not match');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('signup: the name and the password errors show on their own fields', async () => {
    mocked(signUp)
      .mockRejectedValueOnce(apiError(422, { errorMessage: 'userName: must be at most 80 characters', code: 'unprocessable', field: 'userName' }))
      .mockRejectedValueOnce(apiError(422, { errorMessage: 'Choose a password that is harder to guess', code: 'unprocessable', field: 'password' }));
    render(<SignupForm from="/" />);
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'A'.repeat(81) } });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'a@b.example' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await expectFieldError(screen.getByLabelText('Your name'), 'must be at most 80 characters');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await expectFieldError(screen.getByLabelText('Password'), 'Choose a password that is harder to guess');
    expect(screen.getByLabelText('Your name')).not.toHaveAttribute('aria-invalid');
  });

  it('forgotten password: the code error of the reset step shows on the code field', async () => {
    mocked(sendOtp).mockResolvedValue({ sent: true, channel: 'email', maskedContact: 'a***@b.example', expiresInSeconds: 600, resendAfterSeconds: 60 });
    mocked(resetForgottenPassword).mockRejectedValue(apiError(400, { errorMessage: 'The code is wrong or has expired', code: 'bad_request', field: 'otp' }));
    render(<ForgetPasswordForm />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'a@b.example' } });
    fireEvent.submit(screen.getByLabelText('E-mail address').closest('form')!);
    const code = await screen.findByLabelText('Code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-long-new-password' } });
    fireEvent.submit(code.closest('form')!);
    await expectFieldError(screen.getByLabelText('Code'), 'The code is wrong or has expired');
  });
});

describe('the rewards screens', () => {
  const profile = { vpa: null, userName: 'A', address: {} };

  it('UPI details: the API’s UPI id error shows on the UPI id field', async () => {
    mocked(http).mockRejectedValue(apiError(422, { errorMessage: 'vpa: this UPI id cannot be paid to', code: 'unprocessable', field: 'vpa' }));
    withQueries(<UpiDetailsForm />, [[['customer-profile'], profile]]);
    fireEvent.change(screen.getByLabelText('UPI id'), { target: { value: 'name@bank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI id' }));
    await expectFieldError(screen.getByLabelText('UPI id'), 'this UPI id cannot be paid to');
    expect(screen.getByRole('alert')).toHaveTextContent('UPI id: this UPI id cannot be paid to');
  });

  it('UPI details: asks for the password, then shows a wrong one on the password field by its field', async () => {
    mocked(http)
      .mockRejectedValueOnce(apiError(403, { errorMessage: UPI_NEEDS_PASSWORD, code: 'forbidden' }))
      .mockRejectedValueOnce(apiError(400, { errorMessage: 'That is not it.', code: 'bad_request', field: 'currentPassword' }));
    withQueries(<UpiDetailsForm />, [[['customer-profile'], profile]]);
    fireEvent.change(screen.getByLabelText('UPI id'), { target: { value: 'name@bank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI id' }));
    await expectFieldError(await screen.findByLabelText('Current password'), 'Enter your current password');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI id' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Current password: That is not it.'));
    await expectFieldError(screen.getByLabelText('Current password'), 'That is not it.');
    expect(mocked(http).mock.calls[1]![1]).toMatchObject({ method: 'PUT', body: { vpa: 'name@bank', currentPassword: 'old-password' } });
  });

  const reward = {
    grantId: 'g1',
    rewardId: 'r1',
    name: 'Cashback ₹50',
    description: '',
    type: 'Cashback',
    amount: 5000,
    amountText: '₹50',
    couponCode: null,
    unitId: 'u1',
    productName: 'Kettle',
    earnedAt: '2026-01-01T00:00:00.000Z',
    payout: { payoutId: 'p1', grantId: 'g1', rewardName: 'Cashback ₹50', reference: 'PAY-1', amount: 5000, amountText: '₹50', status: 'NOT_CLAIMED', vpa: null, failureReason: null, createdAt: '2026-01-01T00:00:00.000Z', claimedAt: null, settledAt: null },
  };

  it('rewards: a claim refused for its UPI id (field vpa) links to the UPI details; another refusal does not', async () => {
    mocked(callWithHeaders)
      .mockRejectedValueOnce(apiError(422, { errorMessage: 'Add a UPI id before claiming a cashback', code: 'unprocessable', field: 'vpa' }))
      .mockRejectedValueOnce(apiError(409, { errorMessage: 'vpa changed while claiming', code: 'conflict' }));
    withQueries(<RewardsList />, [[['rewards'], [reward]], [['customer-profile'], { ...profile, vpa: 'old@bank' }]]);
    fireEvent.click(screen.getByRole('button', { name: 'Claim ₹50' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Add a UPI id before claiming a cashback');
    expect(alert.querySelector('a[href="/upi-details"]')).toHaveTextContent('Add your UPI id');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('vpa changed while claiming'));
    expect(screen.getByRole('alert').querySelector('a')).toBeNull();
  });
});

describe('other forms', () => {
  it('edit profile: an address error shows on the address part it names', async () => {
    mocked(http).mockRejectedValue(apiError(422, { errorMessage: 'address.city: must be at most 80 characters', code: 'unprocessable', field: 'address.city' }));
    const full = { userName: 'A', companyName: null, gender: 'female', dob: null, emailId: 'a@b.example', mobileNoDetails: null, vpa: null, address: { fullAddress: '', city: 'X', state: '', pincode: '', country: '' } };
    withQueries(<EditProfileForm />, [[['customer-profile'], full]]);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldError(screen.getByLabelText('City'), 'must be at most 80 characters');
    expect(screen.getByLabelText('Address')).not.toHaveAttribute('aria-invalid');
  });

  it('report: a description error shows on it; a too-large photo on the photo; a location error for the whole form', async () => {
    mocked(submitReport)
      .mockRejectedValueOnce(apiError(422, { errorMessage: 'description: must be at most 2000 characters', code: 'unprocessable', field: 'description' }))
      .mockRejectedValueOnce(apiError(413, { errorMessage: 'photo: must be at most 5 MB', code: 'payload_too_large' }))
      .mockRejectedValueOnce(apiError(422, { errorMessage: 'lat: must be a number', code: 'unprocessable', field: 'lat' }));
    render(<ReportForm initialQrId="" initialDescription="The seal was broken" />);
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    send();
    await expectFieldError(screen.getByLabelText('What looks wrong?'), 'must be at most 2000 characters');
    send();
    await expectFieldError(screen.getByLabelText('Photo (optional)'), 'must be at most 5 MB');
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent('must be a number');
    expect(screen.getByLabelText('What looks wrong?')).not.toHaveAttribute('aria-invalid');
  });
});

describe('the journey step and the feedback form', () => {
  const journey: Journey = {
    steps: [{ stepId: 's1', position: 1, type: 'INPUT', title: 'Your shop', label: 'Shop name', maxLength: 20, done: false, answer: null }],
    nextStepId: 's1',
    completed: false,
  } as Journey;

  it('journey: a refused answer (field value) shows on the answer field; a refusal without a field is the step’s', async () => {
    mocked(answerStep).mockRejectedValueOnce(apiError(422, { errorMessage: 'value: must be at most 20 characters', code: 'unprocessable', field: 'value' }));
    withQueries(<JourneyPanel unitId="u1" rewardsOn={false} />, [[journeyQuery('u1').queryKey, journey]]);
    const input = screen.getByLabelText(/Shop name/);
    fireEvent.change(input, { target: { value: 'A shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await expectFieldError(input, 'must be at most 20 characters');
    expect(screen.queryByText('value: must be at most 20 characters')).toBeNull();

    mocked(answerStep).mockRejectedValueOnce(apiError(409, { errorMessage: 'This step is already answered', code: 'conflict' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This step is already answered')).toBeInTheDocument();
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
  });

  it('feedback: a rating refused by the API (field rating) shows under the rating, not in the form alert', async () => {
    mocked(http).mockRejectedValueOnce(apiError(422, { errorMessage: 'rating: must be an integer from 1 to 5', code: 'unprocessable', field: 'rating' }));
    render(<FeedbackForm />);
    fireEvent.click(screen.getByLabelText('4 of 5, Good'));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    const group = screen.getByRole('group', { name: 'Your rating' });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('must be an integer from 1 to 5');
  });
});
