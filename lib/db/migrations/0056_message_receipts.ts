// Delivery receipts of customer messages (docs/messages.md "Delivery receipts"): `sent` means the
// provider accepted a message; WhatsApp's status callbacks and the SMS gateway's delivery reports
// then tell whether it reached the phone. `receipt` is the latest of delivered, read (WhatsApp)
// or failed, `receipt_at` when the provider says it happened, `delivered_at` when it was first
// delivered, `receipt_error` the provider's error of a failed one. The receipt routes find a
// row by its brand and the provider's id for it (the index).
export const sql0056 = `
alter table message_outbox add column receipt text;
alter table message_outbox add column receipt_at timestamptz;
alter table message_outbox add column delivered_at timestamptz;
alter table message_outbox add column receipt_error text;
alter table message_outbox add constraint message_outbox_receipt_ck check (receipt in ('delivered', 'read', 'failed'));
create index message_outbox_client_provider_idx on message_outbox (client_id, provider_message_id);
`;
