// Device checks of the shell (spec section 2), pure so they are unit-tested. Only the shell's
// effects, loaded after the page, use them; the frame check every page makes first is isEmbedded
// in ./navigate.ts.

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** A mobile device held sideways is asked to turn back to portrait. */
export function needsOrientationPrompt(userAgent: string, width: number, height: number): boolean {
  return isMobileUserAgent(userAgent) && width > height;
}
