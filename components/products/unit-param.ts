// The ?unitId= of the product screens: one plain id, else none.
export function unitIdOf(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : undefined;
}
