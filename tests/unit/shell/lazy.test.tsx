/** @jest-environment jsdom */
import { Component, Suspense, use, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterHydration } from '@/components/shell/lazy';

// The shell's parts loaded after the page (components/shell/lazy.tsx): a part of the screen's
// content whose chunk fails throws to the error screen (which reloads the page once for a missing
// chunk); an extra of the page fails quietly, leaving nothing.

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">Error screen: {this.state.error.name}</p> : this.props.children;
  }
}

const chunkError = () => Object.assign(new Error('Failed to load chunk /_next/static/chunks/0abc.js'), { name: 'ChunkLoadError' });

/** A load the test settles by hand. */
function deferredLoad<T>() {
  let settle!: { resolve: (v: T) => void; reject: (e: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { load: jest.fn(() => promise), ...settle };
}

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {}); // React reports caught errors too
});
afterEach(() => jest.restoreAllMocks());

it('shows a content part once its chunk is there, with its Loading until then', async () => {
  const chunk = deferredLoad<(p: { who: string }) => ReactNode>();
  const Form = afterHydration(chunk.load, 'test form', { content: true, Loading: () => <p>Loading…</p> });
  render(<Boundary><Form who="Ira" /></Boundary>);
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  await act(async () => chunk.resolve(({ who }) => <p>Form for {who}</p>));
  expect(screen.getByText('Form for Ira')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
});

it("renders a part as a transition once its chunk is there: what shows stays until the part is ready, never a Suspense fallback", async () => {
  // A transition keeps the screen as it is while the new part waits; a plain update would put the
  // nearest Suspense boundary's fallback in its place. (A transition is also what lets React render
  // the part in slices instead of one long task on a slow phone.)
  const chunk = deferredLoad<() => ReactNode>();
  let ready!: (v: string) => void;
  const data = new Promise<string>((r) => (ready = r));
  const Part = afterHydration(chunk.load, 'test part', { content: true, Loading: () => <p>Loading…</p> });
  render(
    <Suspense fallback={<p>Fallback</p>}>
      <Part />
    </Suspense>,
  );
  await act(async () => chunk.resolve(() => <p>Part: {use(data)}</p>));
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByText('Fallback')).toBeNull();
  await act(async () => ready('in'));
  expect(screen.getByText('Part: in')).toBeInTheDocument();
});

it('throws the load error of a content part to the error boundary', async () => {
  const chunk = deferredLoad<() => ReactNode>();
  const Form = afterHydration(chunk.load, 'test form', { content: true, Loading: () => <p>Loading…</p> });
  render(<Boundary><Form /></Boundary>);
  await act(async () => chunk.reject(chunkError()));
  expect(screen.getByRole('alert')).toHaveTextContent('Error screen: ChunkLoadError');
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('throws for a content part without a Loading too', async () => {
  const chunk = deferredLoad<() => ReactNode>();
  const Gate = afterHydration(chunk.load, 'test gate', { content: true });
  const { container } = render(<Boundary><Gate /></Boundary>);
  expect(container).toBeEmptyDOMElement();
  await act(async () => chunk.reject(chunkError()));
  expect(screen.getByRole('alert')).toHaveTextContent('Error screen: ChunkLoadError');
});

it('renders nothing for an extra of the page whose chunk fails, and says so in the console', async () => {
  const chunk = deferredLoad<() => ReactNode>();
  const Banner = afterHydration(chunk.load, 'test banner');
  const { container } = render(<Boundary><main>Page</main><Banner /></Boundary>);
  await act(async () => chunk.reject(chunkError()));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(container).toHaveTextContent(/^Page$/);
  expect(consoleError).toHaveBeenCalledWith('[shell] test banner could not be loaded', expect.objectContaining({ name: 'ChunkLoadError' }));
});

it('loads a failed part again when it is mounted again (the error screen retried)', async () => {
  const load = jest.fn<Promise<() => ReactNode>, []>().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce(() => <p>Form</p>);
  const Form = afterHydration(load, 'test form', { content: true });
  const first = render(<Boundary><Form /></Boundary>);
  await act(async () => {});
  expect(screen.getByRole('alert')).toBeInTheDocument();
  first.unmount();
  render(<Boundary><Form /></Boundary>);
  await act(async () => {});
  expect(screen.getByText('Form')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
