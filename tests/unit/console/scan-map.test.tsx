/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ScanMap } from '@/components/console/scan-map.server';

// The overview's map is drawn on the server from the country outlines: one circle per place, a
// red marker per red flag, and a text equivalent for people who cannot see it.

const PUNE = { lat: 18.5, lng: 73.9, scans: 40, suspect: 2, near: 'Pune' };
const DELHI = { lat: 28.6, lng: 77.2, scans: 10, suspect: 0 };

it('draws countries, one circle per place sized by scans, and one marker per red flag, described in words', () => {
  const { container } = render(<ScanMap places={[PUNE, DELHI]} flags={[{ id: 'rf1', qrId: 'Q1', lat: 18.5, lng: 73.9 }]} titleId="m" />);
  const map = screen.getByRole('img', { name: /Map of scans by place/ });
  expect(map).toHaveAccessibleDescription('2 places with scans, 2 suspect scans, 1 red flag. The table of places below gives the same numbers.');
  const circles = container.querySelectorAll('circle[data-place]');
  expect([...circles].map((c) => c.getAttribute('data-place'))).toEqual(['18.5,73.9', '28.6,77.2']);
  const r = [...circles].map((c) => Number(c.getAttribute('r')));
  expect(r[0]).toBeGreaterThan(r[1]!);
  // The view is fitted to the places: both lie inside it.
  for (const c of circles) {
    const [x, y] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(960);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(480);
  }
  expect(container.querySelectorAll('[data-flag="Q1"]')).toHaveLength(1);
  // Each says what it is, by name where a city is near (on hover, and to a screen reader).
  expect([...circles].map((c) => c.querySelector('title')?.textContent)).toEqual(['Pune (18.5, 73.9): 40 scans, 2 suspect', '28.6, 77.2: 10 scans, 0 suspect']);
  expect(container.querySelector('[data-flag="Q1"] title')?.textContent).toBe('Red flag on Q1 near 18.5, 73.9');
  // India's outline is among the countries drawn.
  expect(container.querySelectorAll('svg[data-testid="scan-map"] g path').length).toBeGreaterThan(10);
});

it('draws close places as one circle that names them, and keeps far ones apart', () => {
  const mumbai = { lat: 19.1, lng: 72.9, scans: 30, suspect: 1, near: 'Mumbai' };
  const naviMumbai = { lat: 19.0, lng: 73.0, scans: 5, suspect: 0, near: 'Navi Mumbai' };
  const { container } = render(<ScanMap places={[naviMumbai, DELHI, mumbai]} flags={[]} titleId="m" />);
  const circles = [...container.querySelectorAll('circle[data-place]')];
  expect(circles.map((c) => [c.getAttribute('data-place'), c.getAttribute('data-places')])).toEqual([['19.1,72.9', '2'], ['28.6,77.2', '1']]);
  expect(circles[0]!.querySelector('title')?.textContent).toBe('Mumbai (19.1, 72.9) and 1 place near it: 35 scans, 1 suspect');
});

it('shows the whole world when there is nothing to place', () => {
  const { container } = render(<ScanMap places={[]} flags={[]} titleId="m" />);
  expect(screen.getByRole('img')).toHaveAccessibleDescription(/0 places with scans/);
  expect(container.querySelectorAll('circle[data-place]')).toHaveLength(0);
  expect(container.querySelectorAll('svg[data-testid="scan-map"] > g:first-of-type path').length).toBeGreaterThan(150);
});
