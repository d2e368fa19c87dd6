// Device checks of the shell (spec section 2), pure so they are unit-tested.

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_UA.test(userAgent);
}

/** A mobile device held sideways is asked to turn back to portrait. */
export function needsOrientationPrompt(userAgent: string, width: number, height: number): boolean {
  return isMobileUserAgent(userAgent) && width > height;
}

/** Inside a frame of another page (the brand's embedding app). */
export function isEmbedded(win: { self: unknown; top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true; // a cross-origin top throws on access: that is a frame too
  }
}
