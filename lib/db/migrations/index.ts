import { sql0001 } from './0001_core';
import { sql0002 } from './0002_codes';
import { sql0003 } from './0003_legal';
import { sql0004 } from './0004_aftersales';
import { sql0005 } from './0005_scan_stats';
import { sql0006 } from './0006_account_security';
import { sql0007 } from './0007_file_store';
import { sql0008 } from './0008_upload_reservations';
import { sql0012 } from './0012_risk';
import { sql0013 } from './0013_risk_rules';
import { sql0014 } from './0014_console';
import { sql0016 } from './0016_console_indexes';
import { sql0017 } from './0017_complaint_assignee';
import { sql0018 } from './0018_catalogue_console';
import { sql0020 } from './0020_brand_shares';
import { sql0021 } from './0021_scan_day_rollups';
import { sql0022 } from './0022_unit_session_packed';
import { sql0023 } from './0023_shared_place_replaces_address';
import { sql0024 } from './0024_session_networks';
import { sql0030 } from './0030_staff_session_brands';
import { sql0033 } from './0033_pending_domains';
import { sql0036 } from './0036_gs1_keys';
import { sql0040 } from './0040_customer_language';
import { sql0046 } from './0046_rollups_count_info_as_genuine';
import { sql0063 } from './0063_claim_disputes';

// Versioned migrations, applied in order once each (lib/db/migrate.ts). Append only: a migration
// that has shipped is never edited; a change is a new entry.
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '0001_core', sql: sql0001 },
  { id: '0002_codes', sql: sql0002 },
  { id: '0003_legal', sql: sql0003 },
  { id: '0004_aftersales', sql: sql0004 },
  { id: '0005_scan_stats', sql: sql0005 },
  { id: '0006_account_security', sql: sql0006 },
  { id: '0007_file_store', sql: sql0007 },
  { id: '0008_upload_reservations', sql: sql0008 },
  { id: '0012_risk', sql: sql0012 },
  { id: '0013_risk_rules', sql: sql0013 },
  { id: '0014_console', sql: sql0014 },
  { id: '0016_console_indexes', sql: sql0016 },
  { id: '0017_complaint_assignee', sql: sql0017 },
  { id: '0018_catalogue_console', sql: sql0018 },
  { id: '0020_brand_shares', sql: sql0020 },
  { id: '0021_scan_day_rollups', sql: sql0021 },
  { id: '0022_unit_session_packed', sql: sql0022 },
  { id: '0023_shared_place_replaces_address', sql: sql0023 },
  { id: '0024_session_networks', sql: sql0024 },
  { id: '0030_staff_session_brands', sql: sql0030 },
  { id: '0033_pending_domains', sql: sql0033 },
  { id: '0036_gs1_keys', sql: sql0036 },
  { id: '0040_customer_language', sql: sql0040 },
  { id: '0046_rollups_count_info_as_genuine', sql: sql0046 },
  { id: '0063_claim_disputes', sql: sql0063 },
];
