import 'server-only';

/** The serial of the n-th unit (from 0) of a numbering. */
export function numberedSerial(input: { prefix: string; start: number; width: number }, n: number): string {
  return input.prefix + String(input.start + n).padStart(input.width, '0');
}
