/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PageTransition } from '@/components/shell/page-transition';

// The page transition plays on navigations in the browser, not on the server-rendered first page
// (whose largest paint it would otherwise hold back).
describe('PageTransition', () => {
  it('renders the server page without the transition', () => {
    expect(renderToString(<PageTransition>first</PageTransition>)).not.toContain('page-enter');
  });

  it('leaves the first page still and fades in every page after it', () => {
    const first = render(<PageTransition>first</PageTransition>);
    expect(first.container.firstElementChild!.className).toBe('');
    first.unmount();
    const second = render(<PageTransition>second</PageTransition>);
    expect(second.container.firstElementChild!.className).toBe('page-enter');
  });
});
