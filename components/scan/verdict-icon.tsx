import type { Tone } from './verdict-style';

// The icon of a result tone (decorative: the label beside it says the same in words).
const PATHS: Record<Tone, string> = {
  genuine: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z', // check mark
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20z', // i in a circle
  warning: 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z', // exclamation in a triangle
  danger: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z', // cross
  neutral: 'M17.65 6.35A8 8 0 1 0 19.73 14h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z', // rescan arrow
};

export function VerdictIcon({ tone }: { tone: Tone }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-10 w-10 shrink-0 fill-current" data-tone={tone}>
      <path d={PATHS[tone]} />
    </svg>
  );
}
