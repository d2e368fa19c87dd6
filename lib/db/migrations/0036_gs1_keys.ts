// GS1 Digital Link keys (issue 33, docs/gs1.md): a product's GTIN (14 digits, unique in its brand),
// a batch's lot (AI 10; a batch without one uses its batch number as its lot) and a unit's serial
// (AI 21, on the unit's overt code; a unit without one uses that code's qrId). The resolver finds
// a unit by (brand, product, serial or qrId), so an expression index holds each product's serials
// unique and answers the lookup. Mirrors lib/db/schema/codes.ts.
export const sql0036 = `
alter table products add column gtin text;
alter table products add constraint products_gtin_shape check (gtin is null or gtin ~ '^[0-9]{14}$');
create unique index products_client_gtin_uq on products (client_id, gtin) where gtin is not null;

alter table batches add column lot text;
create unique index batches_client_product_lot_uq on batches (client_id, product_id, (coalesce(lot, batch_number)));

alter table codes add column serial text;
create unique index codes_client_product_serial_uq on codes (client_id, product_id, (coalesce(serial, qr_id)))
  where level = 6 and pair_id is not null;
`;
