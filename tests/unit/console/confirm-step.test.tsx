/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ConsoleButton } from '@/components/console/button';
import { ConfirmBox, useConfirmStep } from '@/components/console/confirm-step';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// The console's one confirm-then-act step (components/console/confirm-step.tsx): asked in words,
// focus on Yes and back on the step's button after Cancel (button or Escape) or once done; Yes
// busy while the call is out; a failure said in the box, or handed to the form.

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Harness({ work, toForm }: { work: () => Promise<void>; toForm?: boolean }) {
  const step = useConfirmStep();
  const [formError, setFormError] = useState('');
  return (
    <div>
      {formError && <p data-testid="form-error">{formError}</p>}
      {!step.asking && (
        <ConsoleButton id={step.triggerId} variant="danger-outline" onClick={step.ask}>
          Delete code…
        </ConsoleButton>
      )}
      <ConfirmBox
        step={step}
        question="Delete code ABC? This cannot be undone here."
        yes="Yes, delete this code"
        onYes={() => void step.act(work, toForm ? { failed: (err) => setFormError(err instanceof Error ? err.message : 'failed') } : undefined)}
      />
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Delete code…' });
const yes = () => screen.getByRole('button', { name: 'Yes, delete this code' });

async function ask() {
  fireEvent.click(trigger());
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete code ABC? This cannot be undone here.' });
  await waitFor(() => expect(yes()).toHaveFocus());
  expect(screen.queryByRole('button', { name: 'Delete code…' })).toBeNull();
  return dialog;
}

describe('ConfirmBox and useConfirmStep', () => {
  it('asks first, then runs the action once and gives focus back to the step', async () => {
    const work = jest.fn(() => Promise.resolve());
    render(<Harness work={work} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await ask();
    expect(work).not.toHaveBeenCalled();
    fireEvent.click(yes());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(work).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('Cancel closes the question without acting and focus returns to the step', async () => {
    const work = jest.fn(() => Promise.resolve());
    render(<Harness work={work} />);
    await ask();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(work).not.toHaveBeenCalled();
  });

  it('Escape cancels the same way', async () => {
    const work = jest.fn(() => Promise.resolve());
    render(<Harness work={work} />);
    const dialog = await ask();
    fireEvent.keyDown(yes(), { key: 'Escape' });
    await waitFor(() => expect(trigger()).toHaveFocus());
    expect(dialog).not.toBeInTheDocument();
    expect(work).not.toHaveBeenCalled();
  });

  it('while the call is out, Yes is busy and neither button nor Escape acts again', async () => {
    const call = deferred();
    const work = jest.fn(() => call.promise);
    render(<Harness work={work} />);
    await ask();
    fireEvent.click(yes());
    await waitFor(() => expect(yes()).toHaveAttribute('aria-busy', 'true'));
    expect(yes()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await act(async () => {
      call.resolve();
      await call.promise;
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('a failure is said in the box, which stays open with the keyboard on the message', async () => {
    const work = jest.fn(() => Promise.reject(new ApiRequestError('This code is already deleted.', 409, new Headers(), { errorMessage: 'This code is already deleted.' })));
    render(<Harness work={work} />);
    await ask();
    fireEvent.click(yes());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This code is already deleted.');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('alertdialog')).toContainElement(alert);
    expect(yes()).toBeEnabled();
    expect(yes()).not.toHaveAttribute('aria-busy');
    // asked again: the old failure is gone
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await ask();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failure the form takes closes the box and is the form\'s to show', async () => {
    const work = jest.fn(() => Promise.reject(new Error('Reason is too long')));
    render(<Harness work={work} toForm />);
    await ask();
    fireEvent.click(yes());
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Reason is too long');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function FieldHarness({ work }: { work: () => Promise<void> }) {
  const step = useConfirmStep({ focus: () => document.getElementById('why') });
  return (
    <div>
      {!step.asking && (
        <ConsoleButton id={step.triggerId} onClick={step.ask}>
          Reject…
        </ConsoleButton>
      )}
      <ConfirmBox step={step} question="Reject the dispute?" yes="Yes, reject" onYes={() => void step.act(work)}>
        <label htmlFor="why">Reason</label>
        <textarea id="why" />
      </ConfirmBox>
    </div>
  );
}

describe('a confirm step with a field of its own', () => {
  it('shows the field in the box, asks with the focus on it, and Cancel still returns to the step', async () => {
    const work = jest.fn(() => Promise.resolve());
    render(<FieldHarness work={work} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject the dispute?' });
    const field = screen.getByLabelText('Reason');
    expect(dialog).toContainElement(field);
    await waitFor(() => expect(field).toHaveFocus());
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reject…' })).toHaveFocus());
    expect(work).not.toHaveBeenCalled();
  });
});

describe('ConsoleButton', () => {
  it('is a button (not a submit) by default; busy disables it and says so', () => {
    const { rerender } = render(<ConsoleButton>Save</ConsoleButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    rerender(<ConsoleButton busy>Save</ConsoleButton>);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    rerender(
      <ConsoleButton type="submit" disabled>
        Save
      </ConsoleButton>,
    );
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toBeDisabled();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
