// The console's audit log sorts by who and by action as well as by time (the table kit,
// docs/console.md, "Lists"): a page, and each keyset page of its CSV, reads these indexes from the
// brand's first entry of the order. Mirrors lib/db/schema/console.ts
// (audit_log_client_actor_idx, audit_log_client_action_id_idx).
export const sql0071 = `
create index audit_log_client_actor_idx on audit_log (client_id, actor, id);
create index audit_log_client_action_id_idx on audit_log (client_id, action, id);
`;
