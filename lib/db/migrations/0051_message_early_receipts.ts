// Delivery receipts that come before their message is marked sent (docs/messages.md "Delivery
// receipts"): the provider can call back with its id for a message before the worker has recorded
// that id (WhatsApp answers the send with the id, and may call back with "delivered" before the
// worker's update commits). Such a receipt is kept here, by the brand, channel and the provider's
// id, and applied by the worker in the transaction that marks the message sent; both sides take
// the same transaction-scoped advisory lock on that id, so neither misses the other. Rows no
// message claimed are dropped after a day.
export const sql0051 = `
create table message_early_receipts (
  client_id text not null references clients(id) on delete cascade,
  channel text not null,
  provider_message_id text not null,
  receipt text not null,
  receipt_at timestamptz not null,
  receipt_error text,
  created_at timestamptz not null default now(),
  primary key (client_id, channel, provider_message_id, receipt),
  constraint message_early_receipts_channel_ck check (channel in ('sms', 'whatsapp')),
  constraint message_early_receipts_receipt_ck check (receipt in ('delivered', 'read', 'failed'))
);
create index message_early_receipts_created_idx on message_early_receipts (client_id, created_at);
`;
