// Messages that reach the customer after the scan (issue 31, docs/messages.md): a durable outbox
// written in the same transaction as the event it tells of, delivered by the server's worker
// (lib/messaging/worker.ts). One row is one message on one channel; its idempotency key is
// unique per brand, so an event enqueued twice stays one message, and the key goes to the
// provider with every attempt, so a retry after a crash is recognised there as the same message.
// A row is due when queued and next_attempt_at has passed; a claim moves next_attempt_at past
// the lease (FOR UPDATE SKIP LOCKED picks it), so a worker that dies mid-send leaves the row due
// again once its lease runs out. message_preferences: what a customer turned off, per kind and
// channel (no row: on).
export const sql0068 = `
create table message_outbox (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  customer_id text references customers(id) on delete cascade,
  kind text not null,
  channel text not null,
  recipient text not null,
  locale text not null default 'en',
  params jsonb not null default '{}'::jsonb,
  subject text not null default '',
  body text not null,
  idempotency_key text not null,
  state text not null default 'queued',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  provider text,
  provider_message_id text,
  last_error text,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint message_outbox_channel_ck check (channel in ('email', 'sms', 'whatsapp', 'app')),
  constraint message_outbox_state_ck check (state in ('queued', 'sent', 'failed')),
  constraint message_outbox_key_uq unique (client_id, idempotency_key)
);
create index message_outbox_due_idx on message_outbox (next_attempt_at) where state = 'queued';
create index message_outbox_client_customer_idx on message_outbox (client_id, customer_id, created_at);
create index message_outbox_client_state_idx on message_outbox (client_id, state, created_at);

create table message_preferences (
  client_id text not null references clients(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  kind text not null,
  channel text not null,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (client_id, customer_id, kind, channel)
);
`;
