// The console's complaints inbox (issue 12, docs/console.md): a ticket may be assigned to a
// member of the brand's staff. `assignee` keeps the name shown (the command line may still give a
// free name); `assignee_staff_id` ties it to the staff account, and is cleared if that account
// is deleted. Mirrors lib/db/schema/aftersales.ts.
export const sql0017 = `
alter table complaints add column assignee_staff_id text references staff(id) on delete set null;
create index complaints_client_assignee_idx on complaints (client_id, assignee_staff_id) where assignee_staff_id is not null;
`;
