/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AuthCodeForm } from '@/components/scan/auth-code-form';
import { verifyAuthCode } from '@/lib/client/verify';
import { SCAN_RESULT_KEY } from '@/lib/client/scan-result';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
jest.mock('@/components/shell/i18n-context', () => jest.requireActual('@/tests/support/i18n').englishContext());

// The authentication code form loads its API call and the verdict check when the code is sent
// (components/scan/send-auth-code.ts), not with /qr-scan: the verdict is kept for /scan-result,
// a refusal shows on the code field.

const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }) }));
jest.mock('@/lib/client/verify', () => ({ verifyAuthCode: jest.fn() }));

const verifyMock = verifyAuthCode as unknown as jest.Mock;
const verdict = { result: 'Genuine Post Sale', kind: 'post sale', layer: 2 };

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

function send(code: string) {
  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify my purchase' }));
}

it('keeps the verdict for /scan-result and goes there', async () => {
  verifyMock.mockResolvedValueOnce(verdict);
  render(<AuthCodeForm />);
  send('ABCD234567');
  await waitFor(() => expect(push).toHaveBeenCalledWith('/scan-result'));
  expect(verifyMock).toHaveBeenCalledWith('ABCD234567');
  expect(JSON.parse(sessionStorage.getItem(SCAN_RESULT_KEY)!)).toEqual(verdict);
});

it('shows a refusal of the code on the code field and keeps nothing', async () => {
  verifyMock.mockRejectedValueOnce(new ApiRequestError('code: no such code', 422, new Headers(), { errorMessage: 'code: no such code', code: 'unprocessable', field: 'code' }));
  render(<AuthCodeForm />);
  send('WRONG');
  const input = screen.getByLabelText('Authentication code');
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(push).not.toHaveBeenCalled();
  expect(sessionStorage.getItem(SCAN_RESULT_KEY)).toBeNull();
});

it('asks for the code before sending anything', async () => {
  render(<AuthCodeForm />);
  send('   ');
  await waitFor(() => expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true'));
  expect(verifyMock).not.toHaveBeenCalled();
});
