/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { OfflineOverlay } from '@/components/shell/offline-overlay';

// The offline overlay is rendered by the page itself (no chunk to fetch once the connection is
// gone): it follows the browser's online and offline events.

function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => jest.restoreAllMocks());

it('greys the app out while offline and removes the overlay when the connection returns', () => {
  render(<OfflineOverlay />);
  expect(screen.queryByTestId('offline-overlay')).toBeNull();

  setOnline(false);
  expect(screen.getByRole('alert')).toHaveTextContent('You are offline. The app will be back when the connection returns.');
  expect(document.documentElement).toHaveClass('offline');

  setOnline(true);
  expect(screen.queryByTestId('offline-overlay')).toBeNull();
  expect(document.documentElement).not.toHaveClass('offline');
});

it('shows the overlay at once on a page opened while offline', () => {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  render(<OfflineOverlay />);
  expect(screen.getByTestId('offline-overlay')).toBeInTheDocument();
});
