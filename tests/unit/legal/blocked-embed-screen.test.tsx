/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { BlockedEmbedScreen } from '@/components/legal/blocked-embed-screen';
import { Markdown } from '@/components/legal/markdown';

describe('BlockedEmbedScreen', () => {
  it('reads exactly the blocked message and links to the official site', () => {
    render(<BlockedEmbedScreen organizationName="Acme" officialSite="https://www.acme.example/" embeddingURL="https://shop.acme.example/app" />);
    expect(screen.getByRole('heading')).toHaveTextContent(/^This page is not allowed to be embedded!!$/);
    expect(screen.getByRole('link', { name: 'Go to the official Acme site' })).toHaveAttribute('href', 'https://www.acme.example/');
  });

  it('falls back to the origin of the embedding URL without an official site', () => {
    render(<BlockedEmbedScreen organizationName="Acme" officialSite={null} embeddingURL="https://shop.acme.example/app?x=1" />);
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://shop.acme.example');
  });
});

describe('Markdown', () => {
  it('renders headings, lists and safe links, and leaves script and javascript: links as text', () => {
    const { container } = render(<Markdown source={'# Terms\n\n- one **bold**\n- two\n\n[site](https://a.example) [bad](javascript:alert(1)) <script>x</script>'} />);
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://a.example');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });
});
