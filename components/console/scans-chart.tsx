import type { Overview } from '@/lib/schemas/console-overview';

// Scans per day as stacked bars (genuine, fake, invalid, expired, other), drawn as inline SVG on
// the server. The bars are a picture of the table beside it ("Scans per day"), which carries
// the same numbers for screen readers and for anyone who prefers figures.

export const GROUP_COLORS = { genuine: '#15803d', fake: '#b91c1c', invalid: '#c2410c', expired: '#4b5563', other: '#93c5fd' } as const;
const W = 960;
const H = 220;
const AXIS = 28;

export function ScansChart({ days, describedBy }: { days: Overview['days']; describedBy: string }) {
  const max = Math.max(1, ...days.map((d) => d.scans));
  const slot = (W - AXIS) / Math.max(1, days.length);
  const bar = Math.max(1, slot * 0.8);
  const scale = (n: number) => (n / max) * (H - 24);
  const total = days.reduce((n, d) => n + d.scans, 0);
  return (
    <figure className="rounded-lg border border-gray-300 bg-white p-2">
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-label={`Scans per day, ${days[0]?.day ?? ''} to ${days[days.length - 1]?.day ?? ''}: ${total} in all`} aria-describedby={describedBy} data-testid="scans-chart" className="h-auto w-full">
        <line x1={AXIS} y1={H} x2={W} y2={H} stroke="#6b7280" />
        <text x={AXIS - 4} y={12} textAnchor="end" fontSize="11" fill="#374151">
          {max}
        </text>
        <text x={AXIS - 4} y={H} textAnchor="end" fontSize="11" fill="#374151">
          0
        </text>
        {days.map((d, i) => {
          const other = d.scans - d.genuine - d.fake - d.invalid - d.expired;
          const parts: Array<[keyof typeof GROUP_COLORS, number]> = [['genuine', d.genuine], ['fake', d.fake], ['invalid', d.invalid], ['expired', d.expired], ['other', other]];
          let y = H;
          const x = AXIS + i * slot + (slot - bar) / 2;
          return (
            <g key={d.day}>
              {parts.map(([group, n]) => {
                if (n <= 0) return null;
                const h = scale(n);
                y -= h;
                return <rect key={group} x={x} y={y} width={bar} height={h} fill={GROUP_COLORS[group]} />;
              })}
              {(i === 0 || i === days.length - 1 || (days.length > 10 && i % Math.ceil(days.length / 6) === 0)) && (
                <text x={x + bar / 2} y={H + 14} textAnchor="middle" fontSize="11" fill="#374151">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-gray-800">
        {(Object.keys(GROUP_COLORS) as Array<keyof typeof GROUP_COLORS>).map((g) => (
          <span key={g} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: GROUP_COLORS[g] }} />
            {g === 'other' ? 'Other results' : g[0]!.toUpperCase() + g.slice(1)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
