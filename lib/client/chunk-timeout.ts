// The spec's 120 s chunk-load timeout ("Chunk load failures time out at 120 s"; docs/architecture.md,
// "Chunk loading"). Turbopack's runtime loads a chunk with a <script> (or a stylesheet <link>) in
// the head and waits for its load or error event without a time limit (webpack's chunkLoadTimeout
// has no Turbopack counterpart), so on a stalled connection a screen could wait for ever.
// watchChunkLoads gives each chunk CHUNK_LOAD_TIMEOUT_MS from its first request, then fires the
// element's error event: the runtime retries once (which fails at once, the time being up) and
// rejects with its ChunkLoadError, which reaches the error screen (app/error.tsx) like any other.
// Started with the shell's deferred effects (components/shell/shell-effects.tsx), so it is in no
// page's first-load JavaScript: the first page's own scripts are the browser's to load.

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const CHUNK_PATH = '/_next/static/';

/** A chunk the runtime loads: a script or a stylesheet link under /_next/static/. */
function chunkUrl(node: Node): string | undefined {
  if (!(node instanceof HTMLElement)) return undefined;
  const url = node instanceof HTMLScriptElement ? node.src : node instanceof HTMLLinkElement && node.rel === 'stylesheet' ? node.href : '';
  return url && new URL(url, document.baseURI).pathname.startsWith(CHUNK_PATH) ? url : undefined;
}

/**
 * Watches the chunks added to the document's head: a chunk still loading CHUNK_LOAD_TIMEOUT_MS
 * after its first request gets an error event (the runtime's handler answers it as a failed
 * load). Answers the function that stops watching.
 */
export function watchChunkLoads(doc: Document = document, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => void {
  const firstAsked = new Map<string, number>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const watch = (el: HTMLElement, url: string) => {
    const since = firstAsked.get(url) ?? Date.now();
    firstAsked.set(url, since);
    const settle = () => {
      clearTimeout(timer);
      timers.delete(timer);
      el.removeEventListener('load', settle);
      el.removeEventListener('error', settle);
    };
    const timer = setTimeout(() => {
      settle();
      el.dispatchEvent(new Event('error'));
    }, Math.max(0, since + timeoutMs - Date.now()));
    timers.add(timer);
    el.addEventListener('load', settle);
    el.addEventListener('error', settle);
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((node) => {
        const url = chunkUrl(node);
        if (url) watch(node as HTMLElement, url);
      });
    }
  });
  observer.observe(doc.head, { childList: true });
  return () => {
    observer.disconnect();
    for (const t of timers) clearTimeout(t);
    timers.clear();
  };
}
