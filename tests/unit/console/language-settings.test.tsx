/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SettingsForm } from '@/components/console/settings-form';
import { languagePatchOf, toggleLanguage } from '@/components/console/language-settings';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { defaultClientConfig } from '@/lib/schemas/client-config';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import type { BrandSettings } from '@/lib/schemas/console-money';

// The console's Languages section (components/console/language-settings.tsx): the offered list
// keeps the brand's order, Save sends `locale` only, and a refusal takes the keyboard to the field
// the API names.

jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
jest.mock('@/lib/client/console-api', () => ({ consoleApi: jest.fn() }));
const fetchMock = consoleApi as jest.MockedFunction<typeof consoleApi>;

const settings = (): BrandSettings => ({
  organizationName: 'Acme',
  organizationType: 'Manufacturer',
  config: { ...defaultClientConfig(), locale: { languages: ['en', 'hi'], defaultLanguage: 'en', timeZone: 'Asia/Kolkata' } },
  domains: ['acme.localhost'],
  pendingDomains: [],
  updatedAt: new Date(0).toISOString(),
});

describe('toggleLanguage and languagePatchOf', () => {
  it('keeps the offered order, puts a newly ticked language last and removes an unticked one', () => {
    expect(toggleLanguage(['hi', 'en'], 'ta', true)).toEqual(['hi', 'en', 'ta']);
    expect(toggleLanguage(['hi', 'en'], 'hi', true)).toEqual(['hi', 'en']);
    expect(toggleLanguage(['hi', 'en', 'ta'], 'en', false)).toEqual(['hi', 'ta']);
    expect(toggleLanguage(['hi'], 'te', false)).toEqual(['hi']);
  });

  it('sends the three settings, the time zone trimmed', () => {
    expect(languagePatchOf({ languages: ['hi', 'en'], defaultLanguage: 'hi', timeZone: ' Asia/Kolkata ' })).toEqual({
      locale: { languages: ['hi', 'en'], defaultLanguage: 'hi', timeZone: 'Asia/Kolkata' },
    });
  });
});

describe('the Languages section of the settings', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout
  });

  it('shows the brand\'s choice, each language also in its own script', () => {
    render(<SettingsForm brand="acme" settings={settings()} canWrite />);
    const section = within(screen.getByTestId('settings-languages'));
    expect(section.getByRole('heading', { name: 'Languages' })).toBeInTheDocument();
    expect(section.getByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(section.getByRole('checkbox', { name: /^Hindi \(\s*हिन्दी\s*\)$/ })).toBeChecked();
    expect(section.getByRole('checkbox', { name: /^Tamil \(\s*தமிழ்\s*\)$/ })).not.toBeChecked();
    expect(section.getByText('தமிழ்')).toHaveAttribute('lang', 'ta');
    expect(section.getByRole('combobox', { name: 'Default language' })).toHaveValue('en');
    expect(section.getByLabelText('Time zone')).toHaveValue('Asia/Kolkata');
  });

  it('saves only the languages, and says so', async () => {
    const saved = settings();
    saved.config.locale = { languages: ['en', 'hi', 'ta'], defaultLanguage: 'ta', timeZone: 'Asia/Kolkata' };
    fetchMock.mockResolvedValue(saved);
    render(<SettingsForm brand="acme" settings={settings()} canWrite />);
    const section = within(screen.getByTestId('settings-languages'));
    fireEvent.click(section.getByRole('checkbox', { name: /^Tamil \(\s*தமிழ்\s*\)$/ }));
    fireEvent.change(section.getByRole('combobox', { name: 'Default language' }), { target: { value: 'ta' } });
    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Save languages' })));
    expect(fetchMock).toHaveBeenCalledWith(CONSOLE_API.updateSettings, { params: { brand: 'acme' }, body: { locale: { languages: ['en', 'hi', 'ta'], defaultLanguage: 'ta', timeZone: 'Asia/Kolkata' } } });
    expect(await section.findByRole('status')).toHaveTextContent('Settings saved. Customers see them now.');
  });

  it('shows a refused default on its field and takes the keyboard there', async () => {
    const errorMessage = 'locale.defaultLanguage: must be one of the offered languages';
    fetchMock.mockRejectedValue(new ApiRequestError(errorMessage, 422, new Headers(), { errorMessage, code: 'unprocessable', field: 'locale.defaultLanguage' }));
    render(<SettingsForm brand="acme" settings={settings()} canWrite />);
    const section = within(screen.getByTestId('settings-languages'));
    const select = section.getByRole('combobox', { name: 'Default language' });
    fireEvent.change(select, { target: { value: 'bn' } });
    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Save languages' })));
    await waitFor(() => expect(select).toHaveFocus());
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('must be one of the offered languages');
    expect(section.getByRole('alert')).toHaveTextContent('Please correct the field marked above.');
  });

  it('shows a refused list of languages on the list', async () => {
    const errorMessage = 'locale.languages: must not repeat a language';
    fetchMock.mockRejectedValue(new ApiRequestError(errorMessage, 422, new Headers(), { errorMessage, code: 'unprocessable', field: 'locale.languages' }));
    render(<SettingsForm brand="acme" settings={settings()} canWrite />);
    const section = within(screen.getByTestId('settings-languages'));
    await act(async () => fireEvent.click(section.getByRole('button', { name: 'Save languages' })));
    await waitFor(() => expect(section.getByRole('checkbox', { name: 'English' })).toHaveFocus());
    expect(section.getByRole('group', { name: 'Languages offered' })).toHaveAccessibleDescription('must not repeat a language');
  });
});
