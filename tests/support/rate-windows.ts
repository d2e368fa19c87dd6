/**
 * Rate limits use fixed windows (lib/api/rate-limit.ts): a test that counts calls starts early in
 * a window, so its calls do not straddle two. Waits for the next window when less than `needMs`
 * of this one is left.
 */
export async function awayFromWindowEnd(windowSeconds: number, needMs = 10_000) {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}
