/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ManualCodeForm } from '@/components/scan/manual-code-form';
jest.mock('@/components/shell/i18n-context', () => jest.requireActual('@/tests/support/i18n').englishContext());

// The typed code's recognition loads after /qr-scan's first paint (components/scan/load-recognition.ts);
// the form answers as before: this brand's link opens, another site's is refused, empty asks.

const ID = 'Ab3dE5fG7h';

function typed(text: string) {
  const onOpen = jest.fn();
  render(<ManualCodeForm brandName="Acme" onOpen={onOpen} />);
  fireEvent.change(screen.getByLabelText('QR code or link'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Check code' }));
  return onOpen;
}

it('opens a link of this site', async () => {
  const onOpen = typed(`http://${window.location.host}/overt/verify/${ID}`);
  await waitFor(() => expect(onOpen).toHaveBeenCalledWith(`/overt/verify/${ID}`));
});

it('refuses a link of another site on the field, naming it', async () => {
  const onOpen = typed(`https://evil.example/overt/verify/${ID}`);
  const input = screen.getByLabelText('QR code or link');
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(screen.getByText('This is not a code of Acme: it points to evil.example. It was not opened.')).toBeInTheDocument();
  expect(onOpen).not.toHaveBeenCalled();
});

it('asks for a code when nothing was typed', async () => {
  const onOpen = typed('   ');
  expect(await screen.findByText('Enter the code printed under the QR code, or its link')).toBeInTheDocument();
  expect(onOpen).not.toHaveBeenCalled();
});
