import { migrations } from '@/lib/db/migrations';
import { scratchPgliteForFile } from './migration-support';

// 0006 decides which existing accounts count as verified (docs/security.md, "Accounts"): those
// made by code, and every account of a brand whose sign-up took a code or that signs in without
// passwords; other accounts with a password confirm once. Runs on its own in-memory PGlite.

jest.setTimeout(60_000);

const db = scratchPgliteForFile();

it('marks verified the accounts that proved their contact with a code, and only those', async () => {
  for (const m of migrations.filter((m) => m.id < '0006')) await db.exec(m.sql);
  await db.exec(`
    insert into clients (id, slug, organization_name, config) values
      ('cl_plain', 'plain', 'Plain', '{"otpServices": {"isRegistartionOtpEnabled": false}}'),
      ('cl_reg', 'reg', 'Reg', '{"otpServices": {"isRegistartionOtpEnabled": true}}'),
      ('cl_nopw', 'nopw', 'NoPw', '{"otpServices": {"is_No_Password_Flow_Enabled": true}}'),
      ('cl_bare', 'bare', 'Bare', '{}');
    insert into customers (id, client_id, email, password_hash) values
      ('cu_plain_pw', 'cl_plain', 'a@example.com', 'scrypt$x'),
      ('cu_plain_code', 'cl_plain', 'b@example.com', null),
      ('cu_reg_pw', 'cl_reg', 'c@example.com', 'scrypt$x'),
      ('cu_nopw', 'cl_nopw', 'd@example.com', 'scrypt$x'),
      ('cu_bare_pw', 'cl_bare', 'e@example.com', 'scrypt$x');
  `);
  await db.exec(migrations.find((m) => m.id === '0006_account_security')!.sql);
  const rows = (await db.query<{ id: string; verified: boolean }>(`select id, contact_verified_at is not null as verified from customers order by id`)).rows;
  expect(Object.fromEntries(rows.map((r) => [r.id, r.verified]))).toEqual({
    cu_bare_pw: false,
    cu_nopw: true,
    cu_plain_code: true,
    cu_plain_pw: false,
    cu_reg_pw: true,
  });
});
