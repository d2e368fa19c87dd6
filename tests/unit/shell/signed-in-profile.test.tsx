/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ProfileProvider, useProfile, useProfileState } from '@/components/shell/profile';
import { SignedInShell } from '@/components/shell/signed-in-shell';
import { VerifyContactGate } from '@/components/account/verify-contact-gate';
import { UpiDetailsForm } from '@/components/rewards/upi-details-form';
import { http } from '@/lib/client/http';
import { authStore } from '@/lib/client/status';
import { hardNavigate } from '@/lib/client/navigate';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import type { CustomerProfile } from '@/lib/schemas/customer';
import { I18nProvider } from '@/components/shell/providers';
import { CATALOGUES } from '@/messages';
import type { Locale } from '@/lib/shared/i18n';

// The signed-in shell holds the profile the server's layout loaded (no React Query in the first
// load): screens read it, a save replaces it everywhere, a confirmed contact loads it again. The
// contact gate asks for the contact's status with one call.

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/lib/client/http', () => ({ http: jest.fn(), refreshAccessToken: jest.fn() }));
jest.mock('@/lib/client/lazy-http', () => ({ http: (...args: unknown[]) => (jest.requireMock('@/lib/client/http') as { http: jest.Mock }).http(...args) }));
jest.mock('@/lib/client/navigate', () => ({ ...jest.requireActual('@/lib/client/navigate'), hardNavigate: jest.fn() }));

const httpMock = http as unknown as jest.Mock;

const profile = {
  _id: 'c1',
  userName: 'Asha',
  companyName: null,
  gender: 'female',
  dob: null,
  vpa: null,
  emailId: 'asha@example.com',
  mobileNoDetails: null,
  hasPassword: true,
  address: { fullAddress: '', city: '', country: '', state: '', pincode: '' },
} as unknown as CustomerProfile;

function Vpa() {
  return <p data-testid="vpa">{useProfile().vpa ?? 'none'}</p>;
}

function Refresh() {
  const { refreshProfile } = useProfileState();
  return <button onClick={() => void refreshProfile()}>refresh</button>;
}

beforeEach(() => {
  jest.clearAllMocks();
  act(() => authStore.set({ status: 'DEFAULT' }));
});

describe('the signed-in profile', () => {
  it('gives every screen the profile the server loaded, and a saved UPI id reaches them all', async () => {
    httpMock.mockResolvedValueOnce({ ...profile, vpa: 'asha@okbank' });
    render(
      <I18nProvider locale="en" messages={CATALOGUES.en} offered={['en']} timeZone="Asia/Kolkata">
        <SignedInShell profile={profile}>
          <UpiDetailsForm />
          <Vpa />
        </SignedInShell>
      </I18nProvider>,
    );
    expect(screen.getByTestId('vpa')).toHaveTextContent('none');
    fireEvent.change(screen.getByLabelText('UPI id'), { target: { value: 'asha@okbank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save UPI id' }));
    await waitFor(() => expect(screen.getByTestId('vpa')).toHaveTextContent('asha@okbank'));
    expect(httpMock).toHaveBeenCalledWith('/customer/customer-profile', { method: 'PUT', body: { vpa: 'asha@okbank' } });
  });

  it('takes a new profile from the server render, and keeps the current one when a reload fails', async () => {
    const { rerender } = render(
      <ProfileProvider profile={profile}>
        <Vpa />
        <Refresh />
      </ProfileProvider>,
    );
    rerender(
      <ProfileProvider profile={{ ...profile, vpa: 'new@bank' }}>
        <Vpa />
        <Refresh />
      </ProfileProvider>,
    );
    expect(screen.getByTestId('vpa')).toHaveTextContent('new@bank');
    httpMock.mockRejectedValueOnce(new ApiRequestError('Something went wrong!', 500, new Headers(), undefined));
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(httpMock).toHaveBeenCalledWith('/customer/customer-profile'));
    expect(screen.getByTestId('vpa')).toHaveTextContent('new@bank');
  });

  it('refuses to be read outside the signed-in shell', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Vpa />)).toThrow(/outside the signed-in shell/);
  });

  it('sends the visitor to sign in, remembering the page, when the token refresh fails', () => {
    window.history.replaceState(null, '', '/rewards?tab=coupons');
    render(
      <SignedInShell profile={profile}>
        <Vpa />
      </SignedInShell>,
    );
    expect(hardNavigate).not.toHaveBeenCalled();
    act(() => authStore.set({ status: 'FAILED' }));
    expect(hardNavigate).toHaveBeenCalledWith(`/login?from=${encodeURIComponent('/rewards?tab=coupons')}`);
  });
});

describe('the contact gate', () => {
  const gated = (locale: Locale = 'en', what = 'your rewards') =>
    render(
      <I18nProvider locale={locale} messages={CATALOGUES[locale]} offered={['en', 'hi']} timeZone="Asia/Kolkata">
        <ProfileProvider profile={profile}>
          <VerifyContactGate what={what}>
            <p>the rewards</p>
          </VerifyContactGate>
        </ProfileProvider>
      </I18nProvider>,
    );

  it('asks in the page\'s language', async () => {
    httpMock.mockResolvedValueOnce({ contactVerified: false, channel: 'mobile', maskedContact: '+91******10' });
    gated('hi', CATALOGUES.hi['account.verifyWhatProfile']);
    expect(await screen.findByRole('heading', { name: 'अपने मोबाइल नंबर की पुष्टि करें' })).toBeInTheDocument();
    expect(screen.getByText('अपनी प्रोफ़ाइल देखने या बदलने के लिए, पुष्टि करें कि +91******10 आपका है। हम उस पर 6 अंकों का कोड भेजेंगे।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'कोड भेजें' })).toBeInTheDocument();
  });

  it('shows its children once the contact is confirmed', async () => {
    httpMock.mockResolvedValueOnce({ contactVerified: true, channel: 'email', maskedContact: 'a***@example.com' });
    gated();
    expect(screen.queryByText('the rewards')).toBeNull(); // nothing until the status is known
    expect(await screen.findByText('the rewards')).toBeInTheDocument();
    expect(httpMock).toHaveBeenCalledWith('/auth/customer/contact-status');
  });

  it('lets the children answer when the status cannot be read', async () => {
    httpMock.mockRejectedValueOnce(new ApiRequestError('Something went wrong!', 500, new Headers(), undefined));
    gated();
    expect(await screen.findByText('the rewards')).toBeInTheDocument();
  });

  it('asks for the code, then asks for the status and the profile again and opens', async () => {
    httpMock.mockImplementation(async (path: string) => {
      if (path === '/auth/customer/contact-status') {
        const confirmed = httpMock.mock.calls.some(([p]) => p === '/auth/customer/verify-contact');
        return { contactVerified: confirmed, channel: 'email', maskedContact: 'a***@example.com' };
      }
      if (path === '/auth/customer/verify-contact/send') return { maskedContact: 'a***@example.com' };
      if (path === '/auth/customer/verify-contact') return {};
      if (path === '/customer/customer-profile') return profile;
      throw new Error(`unexpected ${path}`);
    });
    gated();
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.queryByText('the rewards')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true'));
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('the rewards')).toBeInTheDocument();
    expect(httpMock).toHaveBeenCalledWith('/auth/customer/verify-contact', { method: 'POST', body: { otp: '123456' } });
    expect(httpMock.mock.calls.filter(([p]) => p === '/auth/customer/contact-status')).toHaveLength(2);
    expect(httpMock).toHaveBeenCalledWith('/customer/customer-profile');
  });
});
