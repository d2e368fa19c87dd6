// The return path after sign-in, on its own so the browser's sign-in screens can check it
// without loading the route table (lib/shared/routes re-exports it for the server).

/**
 * The origin path to return to after sign-in, only ever a path of this site: anything that
 * could leave the site (`//host`, `/\host`, schemes, encoded variants, control characters)
 * answers '/'.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2048) return '/';
  let decoded = raw;
  try {
    for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) decoded = decodeURIComponent(decoded);
  } catch {
    return '/';
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.startsWith('/\\')) return '/';
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return '/';
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return '/';
    // Normalising can make a new '//host' ('/.//evil.example' → '//evil.example'): check the result too.
    const path = url.pathname + url.search + url.hash;
    if (path.startsWith('//') || path.startsWith('/\\') || new URL(path, 'http://same.invalid').origin !== 'http://same.invalid') return '/';
    return path;
  } catch {
    return '/';
  }
}
