// The file name of a Content-Disposition header: the UTF-8 `filename*` when present, else the
// ASCII `filename`, else the fallback. Never a path: anything after the last slash only.
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      name = decodeURIComponent(star[1]!.trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/.exec(header);
    if (plain) name = (plain[2] ?? plain[1]!).replace(/\\(.)/g, '$1').trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}
