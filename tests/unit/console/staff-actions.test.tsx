/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  CancelInvitationButton,
  DisableMemberButton,
  EndSessionsButton,
  RemoveMemberButton,
  ResetSecondFactorButton,
} from '@/components/console/staff-actions';
import { RegenerateRecoveryCodes } from '@/components/console/recovery-codes';
import { STAFF_HEADINGS } from '@/components/console/staff-headings';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// The staff screen's actions that cannot simply be taken back, and a new set of one's recovery
// codes (components/console/staff-actions.tsx, recovery-codes.tsx): asked on the console's
// confirm step, never the browser's window.confirm. The question names what will happen; Yes sends
// the call once; Cancel sends nothing and gives focus back to the button that asked.

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
jest.mock('@/lib/client/console-api', () => ({ consoleApi: jest.fn() }));
const api = consoleApi as jest.MockedFunction<typeof consoleApi>;

const EMAIL = 'asha@example.com';
let nativeConfirm: jest.SpyInstance;

beforeEach(() => {
  api.mockReset();
  refresh.mockReset();
  window.confirm = () => true;
  nativeConfirm = jest.spyOn(window, 'confirm');
});

afterEach(() => expect(nativeConfirm).not.toHaveBeenCalled());

const cases = [
  {
    name: 'remove',
    ui: <RemoveMemberButton brand="acme" staffId="st_1" email={EMAIL} />,
    button: `Remove ${EMAIL}…`,
    question: `Take ${EMAIL} off this brand's staff? Everything of this brand is closed to them at once; to work here again they need a new invitation.`,
    yes: 'Yes, remove them',
    cancel: 'Cancel',
    op: CONSOLE_API.removeMember,
    args: { params: { brand: 'acme', staffId: 'st_1' } },
    after: STAFF_HEADINGS.members,
  },
  {
    name: 'cancel an invitation',
    ui: <CancelInvitationButton brand="acme" email={EMAIL} />,
    button: `Cancel the invitation of ${EMAIL}…`,
    question: `Cancel the invitation of ${EMAIL}? Its link stops working at once.`,
    yes: 'Yes, cancel the invitation',
    cancel: 'Keep the invitation',
    op: CONSOLE_API.cancelInvitation,
    args: { params: { brand: 'acme' }, body: { email: EMAIL } },
    after: STAFF_HEADINGS.invitations,
  },
  {
    name: 'disable',
    ui: <DisableMemberButton brand="acme" staffId="st_1" email={EMAIL} disabled={false} />,
    button: `Disable ${EMAIL}…`,
    question: `Disable ${EMAIL} at this brand? Everything of this brand is closed to them at once; their sessions end if they have no other brand. Their role and work stay, and you can enable them again.`,
    yes: 'Yes, disable them',
    cancel: 'Cancel',
    op: CONSOLE_API.disableMember,
    args: { params: { brand: 'acme', staffId: 'st_1' } },
    after: undefined,
  },
  {
    name: 'enable',
    ui: <DisableMemberButton brand="acme" staffId="st_1" email={EMAIL} disabled />,
    button: `Enable ${EMAIL}…`,
    question: `Enable ${EMAIL} again at this brand? They can sign in and work here with their role.`,
    yes: 'Yes, enable them',
    cancel: 'Cancel',
    op: CONSOLE_API.enableMember,
    args: { params: { brand: 'acme', staffId: 'st_1' } },
    after: undefined,
  },
  {
    name: 'reset the second factor',
    ui: <ResetSecondFactorButton brand="acme" staffId="st_1" email={EMAIL} />,
    button: `Reset the second factor of ${EMAIL}…`,
    question: `Reset the second factor of ${EMAIL}? Their authenticator app and recovery codes stop working and every session of theirs ends; they set up an authenticator again at their next sign-in.`,
    yes: 'Yes, reset their second factor',
    cancel: 'Cancel',
    op: CONSOLE_API.resetSecondFactor,
    args: { params: { brand: 'acme', staffId: 'st_1' } },
    after: STAFF_HEADINGS.members,
  },
];

describe.each(cases)('staff action: $name', ({ ui, button, question, yes, cancel, op, args, after }) => {
  async function ask() {
    fireEvent.click(screen.getByRole('button', { name: button }));
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await waitFor(() => expect(screen.getByRole('button', { name: yes })).toHaveFocus());
    expect(screen.queryByRole('button', { name: button })).toBeNull();
    return dialog;
  }

  it('asks in words first; Cancel sends nothing and gives focus back to the button', async () => {
    render(ui);
    await ask();
    expect(api).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: cancel }));
    await waitFor(() => expect(screen.getByRole('button', { name: button })).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('Escape cancels the same way', async () => {
    render(ui);
    await ask();
    fireEvent.keyDown(screen.getByRole('button', { name: yes }), { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: button })).toHaveFocus());
    expect(api).not.toHaveBeenCalled();
  });

  it('Yes sends the call once and reads the screen again; focus goes where it survives the refresh', async () => {
    api.mockResolvedValue({} as never);
    // The staff screen's headings, as the page renders them.
    render(
      <>
        <h2 id={STAFF_HEADINGS.members} tabIndex={-1}>Members</h2>
        {ui}
        <h2 id={STAFF_HEADINGS.invitations} tabIndex={-1}>Open invitations</h2>
      </>,
    );
    await ask();
    fireEvent.click(screen.getByRole('button', { name: yes }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith(op, args);
    expect(refresh).toHaveBeenCalledTimes(1);
    // An action whose row or button goes with the refresh: the heading above it; else its button.
    if (after) await waitFor(() => expect(document.getElementById(after)).toHaveFocus());
    else await waitFor(() => expect(screen.getByRole('button', { name: button })).toHaveFocus());
  });
});

describe('staff actions', () => {
  it('a refusal is said in the box, which stays open', async () => {
    api.mockRejectedValue(new ApiRequestError('A brand keeps at least one enabled owner.', 409, new Headers(), { errorMessage: 'A brand keeps at least one enabled owner.' }));
    render(<DisableMemberButton brand="acme" staffId="st_1" email={EMAIL} disabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: `Disable ${EMAIL}…` }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, disable them' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A brand keeps at least one enabled owner.');
    expect(screen.getByRole('alertdialog')).toContainElement(alert);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('ending sessions (which can be taken back by signing in) is sent at once, without a question', async () => {
    api.mockResolvedValue({} as never);
    render(<EndSessionsButton brand="acme" staffId="st_1" email={EMAIL} />);
    fireEvent.click(screen.getByRole('button', { name: `Sign out ${EMAIL} at this brand` }));
    await waitFor(() => expect(api).toHaveBeenCalledWith(CONSOLE_API.endMemberSessions, { params: { brand: 'acme', staffId: 'st_1' } }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('RegenerateRecoveryCodes', () => {
  const codes = Array.from({ length: 10 }, (_, i) => `k7hm-2qxz-9wr${i}`);
  const trigger = () => screen.getByRole('button', { name: 'Make new recovery codes…' });

  it('says how many unused codes stop working; Cancel makes nothing', async () => {
    render(<RegenerateRecoveryCodes remaining={7} />);
    fireEvent.click(trigger());
    await screen.findByRole('alertdialog', { name: 'Make ten new recovery codes? Your 7 unused codes stop working at once.' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes, make new codes' })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(api).not.toHaveBeenCalled();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('one unused code is said in the singular; none, that the new set is shown once', async () => {
    const { unmount } = render(<RegenerateRecoveryCodes remaining={1} />);
    fireEvent.click(trigger());
    expect(await screen.findByRole('alertdialog', { name: 'Make ten new recovery codes? Your 1 unused code stops working at once.' })).toBeInTheDocument();
    unmount();
    render(<RegenerateRecoveryCodes remaining={0} />);
    fireEvent.click(trigger());
    expect(await screen.findByRole('alertdialog', { name: 'Make ten new recovery codes? They are shown only once.' })).toBeInTheDocument();
  });

  it('a failed second set leaves the first one shown (it is still the valid one)', async () => {
    api.mockResolvedValueOnce({ codes } as never);
    api.mockRejectedValueOnce(new ApiRequestError('Too many requests.', 429, new Headers(), { errorMessage: 'Too many requests.' }));
    render(<RegenerateRecoveryCodes remaining={10} />);
    fireEvent.click(trigger());
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, make new codes' }));
    });
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent(codes[0]!);
    fireEvent.click(trigger());
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, make new codes' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests.');
    expect(api).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('recovery-codes')).toHaveTextContent(codes[0]!);
  });

  it('Yes makes the set once and shows it, focus on its heading', async () => {
    api.mockResolvedValue({ codes } as never);
    render(<RegenerateRecoveryCodes remaining={10} />);
    fireEvent.click(trigger());
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, make new codes' }));
    });
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith(CONSOLE_API.newRecoveryCodes);
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent(codes[9]!);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
