// Theme rules of the spec (sections 3 and 9): text colour by brightness, gradient background.

export const BRIGHTNESS_THRESHOLD = 128;
export const DEFAULT_GRADIENT_ANGLE = 90;
const DARK_GREY = '#333333';

function rgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return [0, 0, 0];
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

const toHex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** Perceived brightness (ITU-R BT.601 weights), 0..255. */
export function brightness(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** Black text on a bright colour, white on a dark one. */
export function textColorFor(hex: string): '#000000' | '#ffffff' {
  return brightness(hex) >= BRIGHTNESS_THRESHOLD ? '#000000' : '#ffffff';
}

/** The average of both theme colours and a dark grey. */
export function gradientBackground(primary: string, secondary: string): string {
  const cs = [rgb(primary), rgb(secondary), rgb(DARK_GREY)];
  const avg = [0, 1, 2].map((i) => cs.reduce((s, c) => s + c[i]!, 0) / cs.length);
  return `#${avg.map(toHex).join('')}`;
}

export function gradient(primary: string, secondary: string, angle = DEFAULT_GRADIENT_ANGLE): string {
  return `linear-gradient(${angle}deg, ${primary}, ${secondary})`;
}
