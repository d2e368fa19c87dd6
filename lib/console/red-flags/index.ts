// Red flags of a brand (docs/verification.md, "Risk"), one use case for the console and the
// command line (lib/operator/red-flags.ts): list and filter, resolve (a copy, confirmed) or
// dismiss (not a copy: an automatic blacklisting is lifted) with a note, audited in the same
// transaction. Every query is scoped by scope.clientId.

export { closeRedFlag, closeIn } from './close-red-flag';
export { RED_FLAG_EXPORT_HEADER, exportRedFlags } from './export-red-flags';
export { listRedFlags } from './list-red-flags';
export { productChoices } from './product-choices';
export { redFlagPlaces } from './red-flag-places';
export { resolveRedFlags } from './resolve-red-flags';
export type { RedFlagFilter } from './shared';
