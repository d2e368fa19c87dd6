import 'server-only';
import { geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection, MultiPoint } from 'geojson';
import countries110m from 'world-atlas/countries-110m.json';

// The overview's map: scans by coarse place and the red flags, drawn on the server as inline SVG
// from Natural Earth's 1:110m country outlines (world-atlas) with d3-geo. No tile service, no
// script: the outline never reaches a customer page, and the page's table says the same in words.

export type MapPlace = { lat: number; lng: number; scans: number; suspect: number; near?: string };
export type MapFlag = { id: string; qrId: string; lat: number; lng: number; near?: string };

/** 'Pune (18.5, 73.9)', or the coordinates alone where no city is near. */
export const placeLabel = (p: { lat: number; lng: number; near?: string }) => {
  const at = `${p.lat.toFixed(1)}, ${p.lng.toFixed(1)}`;
  return p.near ? `${p.near} (${at})` : at;
};

const W = 960;
const H = 480;
const PAD = 24;

let outlines: FeatureCollection | undefined;
function countries(): FeatureCollection {
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  outlines ??= feature(topology, topology.objects.countries) as FeatureCollection;
  return outlines;
}

/** The area to show: the places and flags with a margin (at least 30° by 16°), or the whole world. */
function extentOf(points: Array<{ lat: number; lng: number }>): MultiPoint | { type: 'Sphere' } {
  if (!points.length) return { type: 'Sphere' };
  let [w, e, s, n] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) [w, e, s, n] = [Math.min(w, p.lng), Math.max(e, p.lng), Math.min(s, p.lat), Math.max(n, p.lat)];
  const grow = (lo: number, hi: number, min: number, limit: number) => {
    const mid = (lo + hi) / 2;
    const half = Math.max((hi - lo) / 2 + 3, min / 2);
    return [Math.max(-limit, mid - half), Math.min(limit, mid + half)] as const;
  };
  const [x0, x1] = grow(w, e, 30, 180);
  const [y0, y1] = grow(s, n, 16, 85);
  return { type: 'MultiPoint', coordinates: [[x0, y0], [x1, y0], [x1, y1], [x0, y1]] };
}

/** Circles closer than this (in the drawing's units) would hide each other: they are drawn as one. */
const CLUSTER_PX = 16;
type Cluster = { x: number; y: number; scans: number; suspect: number; places: MapPlace[] };

/**
 * Close places as one circle (a city and its suburbs at the country's scale): the busiest first,
 * each joining the first circle within CLUSTER_PX of it, which stays where its busiest place is.
 * The table below still lists every place.
 */
function clustered(places: MapPlace[], at: (p: MapPlace) => [number, number]): Cluster[] {
  const out: Cluster[] = [];
  for (const p of [...places].sort((a, b) => b.scans - a.scans)) {
    const [x, y] = at(p);
    const near = out.find((c) => Math.hypot(c.x - x, c.y - y) < CLUSTER_PX);
    if (near) {
      near.scans += p.scans;
      near.suspect += p.suspect;
      near.places.push(p);
    } else out.push({ x, y, scans: p.scans, suspect: p.suspect, places: [p] });
  }
  return out;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function ScanMap({ places, flags, titleId }: { places: MapPlace[]; flags: MapFlag[]; titleId: string }) {
  const projection = geoNaturalEarth1()
    .fitExtent([[PAD, PAD], [W - PAD, H - PAD]], extentOf([...places, ...flags]))
    .clipExtent([[0, 0], [W, H]]);
  const path = geoPath(projection).digits(1);
  const land = countries().features.map((f, i) => ({ key: String(f.id ?? i), d: path(f) ?? '' })).filter((c) => c.d);
  const at = (p: { lat: number; lng: number }) => projection([p.lng, p.lat]) ?? [-100, -100];
  const clusters = clustered(places, at);
  const max = Math.max(1, ...clusters.map((c) => c.scans));
  const suspect = places.reduce((n, p) => n + p.suspect, 0);
  return (
    <figure aria-labelledby={titleId} className="rounded-lg border border-gray-300 bg-white p-2">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId}-svg`} aria-describedby={`${titleId}-desc`} data-testid="scan-map" className="h-auto w-full">
        <title id={`${titleId}-svg`}>Map of scans by place</title>
        <desc id={`${titleId}-desc`}>
          {`${plural(places.length, 'place')} with scans, ${plural(suspect, 'suspect scan')}, ${plural(flags.length, 'red flag')}. The table of places below gives the same numbers.`}
        </desc>
        <rect width={W} height={H} fill="#e0f2fe" />
        <g fill="#e5e7eb" stroke="#9ca3af" strokeWidth={0.5}>
          {land.map((c) => (
            <path key={c.key} d={c.d} />
          ))}
        </g>
        <g>
          {clusters.map((c) => {
            const p = c.places[0]!;
            const r = 3 + 14 * Math.sqrt(c.scans / max);
            const others = c.places.length - 1;
            const what = others ? `${placeLabel(p)} and ${plural(others, 'place')} near it` : placeLabel(p);
            return (
              <circle key={`${p.lat},${p.lng}`} cx={c.x} cy={c.y} r={r} fill="#1d4ed8" fillOpacity={0.45} stroke={c.suspect ? '#b45309' : '#1e3a8a'} strokeWidth={c.suspect ? 2 : 1} data-place={`${p.lat},${p.lng}`} data-places={c.places.length}>
                <title>{`${what}: ${c.scans} scans, ${c.suspect} suspect`}</title>
              </circle>
            );
          })}
        </g>
        <g data-testid="map-flags">
          {flags.map((f) => {
            const [x, y] = at(f);
            return (
              <path key={f.id} d={`M${x},${y - 9}L${x + 7},${y + 5}L${x - 7},${y + 5}Z`} fill="#dc2626" stroke="#ffffff" strokeWidth={1.5} data-flag={f.qrId}>
                <title>{`Red flag on ${f.qrId || 'a code'} near ${placeLabel(f)}`}</title>
              </path>
            );
          })}
        </g>
      </svg>
      <figcaption id={titleId} className="mt-2 flex flex-wrap gap-4 text-sm text-gray-800">
        <span className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="14" height="14"><circle cx="7" cy="7" r="6" fill="#1d4ed8" fillOpacity="0.45" stroke="#1e3a8a" /></svg>
          Scans (larger: more)
        </span>
        <span className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="14" height="14"><circle cx="7" cy="7" r="5.5" fill="#1d4ed8" fillOpacity="0.45" stroke="#b45309" strokeWidth="2" /></svg>
          Place with suspect scans
        </span>
        <span className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="14" height="14"><path d="M7,1L13,12L1,12Z" fill="#dc2626" /></svg>
          Red flag
        </span>
      </figcaption>
    </figure>
  );
}
