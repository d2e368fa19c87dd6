/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { csvHref, hrefWith, ListCount, SortHeader } from '@/components/console/table-kit';

// The table kit's headers say how the list is sorted (aria-sort) and link to the other way, keeping
// the filters and going back to the first page; the export link carries the filters, no page.

function table(sort?: string) {
  render(
    <table>
      <thead>
        <tr>
          <SortHeader label="Created" column="created" sort={sort} kept={{ status: 'open', page: '3', ...(sort ? { sort } : {}) }} />
          <SortHeader label="Customer" kept={{}} />
        </tr>
      </thead>
    </table>,
  );
  return screen.getByRole('columnheader', { name: /Created/ });
}

test('an unsorted column says none and sorts ascending first; a plain column is no link', () => {
  const th = table();
  expect(th).toHaveAttribute('aria-sort', 'none');
  expect(within(th).getByRole('link')).toHaveAttribute('href', '?status=open&sort=created');
  expect(within(screen.getByRole('columnheader', { name: 'Customer' })).queryByRole('link')).toBeNull();
});

test('the sorted column says which way and links to the other', () => {
  expect(table('created')).toHaveAttribute('aria-sort', 'ascending');
  expect(within(screen.getByRole('columnheader', { name: /Created/ })).getByRole('link')).toHaveAttribute('href', '?status=open&sort=-created');
});

test('descending links back to ascending', () => {
  const th = table('-created');
  expect(th).toHaveAttribute('aria-sort', 'descending');
  expect(within(th).getByRole('link')).toHaveAttribute('href', '?status=open&sort=created');
});

test('the export link keeps the filters and sort, not the page or cursor; counts are worded', () => {
  expect(csvHref('/api/x.csv', { status: 'open', sort: '-created', page: '2', after: 'abc', q: '' })).toBe('/api/x.csv?status=open&sort=-created');
  expect(hrefWith({ a: '1', page: '4' }, { after: 'k' })).toBe('?a=1&after=k');
  render(<ListCount total={1} one="code" many="codes" />);
  expect(screen.getByRole('status')).toHaveTextContent('1 code matches');
});
