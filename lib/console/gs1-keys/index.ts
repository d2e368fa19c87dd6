// The GS1 keys of the catalogue (docs/gs1.md): a product's GTIN, a batch's lot, a unit's serial.
// The console's catalogue and the command line (set-gtin, set-lot, set-serial) call these; each
// answers 422 naming its field for a malformed value and 409 for a value another item of the brand
// already has (the unique indexes of migration 0036 hold it under concurrent writes too). null
// clears a value: a batch's lot is then its batch number, a unit's serial its qrId.

export { batchSerialsSummary } from './batch-serials-summary';
export { checkGtin } from './check-gtin';
export { freeGtin } from './free-gtin';
export { numberedSerial } from './numbered-serial';
export { setBatchLot } from './set-batch-lot';
export { setBatchSerials } from './set-batch-serials';
export { setProductGtin } from './set-product-gtin';
export { setUnitSerial } from './set-unit-serial';
export { unitSerialOf } from './unit-serial-of';
