/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { BlockedEmbedScreen } from '@/components/legal/blocked-embed-screen';
import { Markdown } from '@/components/legal/markdown';
import { CATALOGUES } from '@/messages';
import { translator } from '@/lib/shared/i18n';

const t = translator(CATALOGUES.en);

describe('BlockedEmbedScreen', () => {
  it('reads exactly the blocked message and links to the official site', () => {
    render(<BlockedEmbedScreen organizationName="Acme" officialSite="https://www.acme.example/" embeddingURL="https://shop.acme.example/app" t={t} />);
    expect(screen.getByRole('heading')).toHaveTextContent(/^This page is not allowed to be embedded!!$/);
    expect(screen.getByRole('link', { name: 'Go to the official Acme site' })).toHaveAttribute('href', 'https://www.acme.example/');
  });

  it('speaks the page\'s language', () => {
    render(<BlockedEmbedScreen organizationName="Acme" officialSite="https://www.acme.example/" embeddingURL={null} t={translator(CATALOGUES.ta)} />);
    expect(screen.getByRole('heading')).toHaveTextContent('இந்தப் பக்கத்தை வேறு தளத்துக்குள் காட்ட அனுமதி இல்லை!!');
    expect(screen.getByRole('link', { name: 'Acme இன் அதிகாரப்பூர்வத் தளத்துக்குச் செல்லவும்' })).toHaveAttribute('href', 'https://www.acme.example/');
  });

  it('falls back to the origin of the embedding URL without an official site', () => {
    render(<BlockedEmbedScreen organizationName="Acme" officialSite={null} embeddingURL="https://shop.acme.example/app?x=1" t={t} />);
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
