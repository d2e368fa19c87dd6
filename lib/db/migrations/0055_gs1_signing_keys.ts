// GS1 Digital Link signatures (issue 33, docs/gs1.md "Signed URIs"): one Ed25519 key pair per
// brand that signs its printed GS1 URIs (AI 8030). The public key is published; the private key is
// kept sealed (AES-256-GCM under a key derived from the session secret), never in clear. Made on
// first use, once: the primary key holds one pair per brand. Mirrors lib/db/schema/codes.ts.
export const sql0055 = `
create table gs1_signing_keys (
  client_id text primary key references clients(id) on delete cascade,
  public_key text not null,
  private_key_sealed text not null,
  created_at timestamptz not null default now()
);
`;
