/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DisputeActions } from '@/components/console/dispute-actions';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// The decisions on a disputed claim (components/console/dispute-actions.tsx) on the console's
// confirm step: the question says what happens to both customers and the unit's code; the move
// asks with focus on Yes (its note optional), the rejection with focus on the reason the customer
// reads (required, said at the field); Cancel sends nothing and gives focus back.

const refresh = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh }) }));
jest.mock('@/lib/client/console-api', () => ({ consoleApi: jest.fn() }));
const api = consoleApi as jest.MockedFunction<typeof consoleApi>;

const parties = { disputer: 'Bina', holder: 'Asha', unit: 'QR123' };
const moves = { warranty: true, unpaidRewards: 2, paidRewards: 1 };
const renderActions = (over: Partial<typeof parties> = {}, m = moves) => render(<DisputeActions brand="acme" disputeId="dp_1" moves={m} parties={{ ...parties, ...over }} />);
const moveButton = () => screen.getByRole('button', { name: 'Move the claim to this customer…' });
const rejectButton = () => screen.getByRole('button', { name: 'Reject the dispute…' });

beforeEach(() => {
  api.mockReset();
  refresh.mockReset();
});

describe('DisputeActions: move', () => {
  it('says what moves, who loses and gets the unit, what its code answers, and what stays', async () => {
    renderActions();
    fireEvent.click(moveButton());
    const dialog = await screen.findByRole('alertdialog', {
      name: "Move the claim, its warranty registration, 2 unpaid rewards to the disputing customer? The unit QR123 leaves Asha's products and becomes Bina's: their check of its hidden code then answers Genuine Post Sale. 1 paid reward stays with the first claimant.",
    });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Yes, move the claim' })).toHaveFocus());
    // Both decisions' buttons hide while one is asked.
    expect(screen.queryByRole('button', { name: 'Reject the dispute…' })).toBeNull();
  });

  it('with nothing but the claim, the question keeps its plain start', async () => {
    renderActions({}, { warranty: false, unpaidRewards: 0, paidRewards: 0 });
    fireEvent.click(moveButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/^Move the claim to the disputing customer\? The unit QR123 leaves/);
    expect(dialog).not.toHaveTextContent('paid reward');
  });

  it('Cancel sends nothing and gives focus back to the decision', async () => {
    renderActions();
    fireEvent.click(moveButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(moveButton()).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('Yes sends the move once, with the note when there is one', async () => {
    api.mockResolvedValue({} as never);
    renderActions();
    fireEvent.click(moveButton());
    fireEvent.change(await screen.findByLabelText('Note for the audit log (optional)'), { target: { value: '  Photo matches the batch ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, move the claim' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith(CONSOLE_API.moveDisputedClaim, { params: { brand: 'acme', disputeId: 'dp_1' }, body: { note: 'Photo matches the batch' } });
  });

  it('once sent, focus goes to the page\'s heading, which stays when the decision replaces this section', async () => {
    api.mockResolvedValue({} as never);
    render(
      <>
        <h1 id="dispute-title" tabIndex={-1}>Dispute dp_1</h1>
        <DisputeActions brand="acme" disputeId="dp_1" moves={moves} parties={parties} titleId="dispute-title" />
      </>,
    );
    fireEvent.click(moveButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, move the claim' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dispute dp_1' })).toHaveFocus());
  });

  it('a customer without a name is still named in the question', async () => {
    renderActions({ disputer: '  ' });
    fireEvent.click(rejectButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("the disputing customer's check of its hidden code still answers Product Claimed. The disputing customer reads your reason");
    expect(dialog).not.toHaveTextContent(" 's");
  });

  it('a refusal is said in the box, which stays open', async () => {
    const text = "The disputing customer's account was deleted: the claim cannot move to it. Reject the dispute instead.";
    api.mockRejectedValue(new ApiRequestError(text, 409, new Headers(), { errorMessage: text }));
    renderActions();
    fireEvent.click(moveButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, move the claim' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(screen.getByRole('alertdialog')).toContainElement(alert);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('DisputeActions: reject', () => {
  it('says the claim and unit stay and what the customer reads, focus on the reason', async () => {
    renderActions();
    fireEvent.click(rejectButton());
    await screen.findByRole('alertdialog', {
      name: "Reject the dispute? The claim stays where it is: the unit QR123 stays in Asha's products, and Bina's check of its hidden code still answers Product Claimed. Bina reads your reason with their products.",
    });
    await waitFor(() => expect(screen.getByLabelText('Reason (shown to the customer)')).toHaveFocus());
  });

  it('without a reason nothing is sent: the field says why and keeps the focus', async () => {
    renderActions();
    fireEvent.click(rejectButton());
    const reason = await screen.findByLabelText('Reason (shown to the customer)');
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(reason).toHaveAccessibleDescription('Give the reason the customer will read.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it('Escape cancels without sending; Yes with a reason sends it once', async () => {
    api.mockResolvedValue({} as never);
    renderActions();
    fireEvent.click(rejectButton());
    const reason = await screen.findByLabelText('Reason (shown to the customer)');
    fireEvent.change(reason, { target: { value: 'The photo shows another batch' } });
    fireEvent.keyDown(reason, { key: 'Escape' });
    await waitFor(() => expect(rejectButton()).toHaveFocus());
    expect(api).not.toHaveBeenCalled();

    fireEvent.click(rejectButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, reject' }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith(CONSOLE_API.rejectDispute, { params: { brand: 'acme', disputeId: 'dp_1' }, body: { reason: 'The photo shows another batch' } });
  });
});
