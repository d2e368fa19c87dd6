/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ThemePreview, type PreviewTheme } from '@/components/console/theme-preview';
import { consoleErrorsOf } from '@/components/console/field-errors';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// The settings page's phone preview draws the customer app from the draft theme (nothing saved),
// by the customer app's own colour rules; a colour still being typed keeps the saved one.

const saved: PreviewTheme = {
  primaryColor: '#1f4fd8',
  secondaryColor: '#0d9488',
  backgroundColor: '#f8fafc',
  gradientAngle: 90,
  clientLogo: null,
  clientLogoBGColor: '#ffffff',
  isfooterIncluded: true,
};

describe('ThemePreview', () => {
  it('draws the header, button and verdict from the draft colours, with readable text', () => {
    render(<ThemePreview theme={{ ...saved, primaryColor: '#ffee00', gradientAngle: 45 }} saved={saved} brandName="Acme" footerText="Made in Pune" />);
    const header = screen.getByTestId('preview-header');
    expect(header).toHaveTextContent('Acme');
    expect(header).toHaveStyle({ background: '#ffee00', color: '#000000' });
    expect(screen.getByTestId('preview-button')).toHaveStyle({ background: '#ffee00' });
    expect(screen.getByTestId('phone-preview')).toHaveAttribute('data-primary', '#ffee00');
    expect(screen.getByTestId('preview-verdict').style.backgroundImage).toBe('linear-gradient(45deg, #ffee00, #0d9488)');
    expect(screen.getByText('Made in Pune')).toBeInTheDocument();
  });

  it('keeps the saved colour while a colour is half typed, and hides the footer when it is off', () => {
    render(<ThemePreview theme={{ ...saved, primaryColor: '#12', isfooterIncluded: false }} saved={{ ...saved, primaryColor: '#202020' }} brandName="Acme" footerText="Made in Pune" />);
    expect(screen.getByTestId('preview-header')).toHaveStyle({ background: '#202020', color: '#ffffff' });
    expect(screen.queryByText('Made in Pune')).toBeNull();
  });
});

describe('consoleErrorsOf', () => {
  const answer = (field: string | undefined, errorMessage: string) => new ApiRequestError(errorMessage, 422, new Headers(), { errorMessage, code: 'unprocessable', field });

  it('places an error on the longest form field its path starts with', () => {
    expect(consoleErrorsOf(answer('ui.primaryColor', 'ui.primaryColor: must be a colour like #1a2b3c'), ['ui', 'ui.primaryColor'])).toEqual({ 'ui.primaryColor': 'must be a colour like #1a2b3c' });
    expect(consoleErrorsOf(answer('footer.links.0.href', 'footer.links.0.href: too long'), ['footer.links', 'footer'])).toEqual({ 'footer.links': 'too long' });
  });

  it('puts an error without a known field on the whole form', () => {
    expect(consoleErrorsOf(answer('verification.risk', 'verification.risk: bad'), ['ui'])).toEqual({ form: 'verification.risk: bad' });
    expect(consoleErrorsOf(answer(undefined, 'Nothing imported'), ['file'])).toEqual({ form: 'Nothing imported' });
  });
});
