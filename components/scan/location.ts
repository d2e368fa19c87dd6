// The optional coarse location a scan may carry (?lat=&lng=, only when the customer allowed
// it on /qr-scan): both or neither, in range, rounded to two decimals (about a kilometre).

export type SearchParams = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
export const coarse = (v: number) => Math.round(v * 100) / 100;

export function locationOf(params: SearchParams): { lat: number; lng: number } | undefined {
  const lat = Number(one(params.lat));
  const lng = Number(one(params.lng));
  if (one(params.lat) === undefined || one(params.lng) === undefined) return undefined;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat: coarse(lat), lng: coarse(lng) };
}
