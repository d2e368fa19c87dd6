import 'server-only';
import type { CustomerRow } from '../auth/customers';
import { EMPTY_ADDRESS, type CustomerProfile } from '@/lib/schemas/customer';
import { isLocale } from '@/lib/shared/i18n';

/** A customer row reshaped for the wire: no hash, no brand id, defaults of spec section 3. */
export function toProfile(row: CustomerRow): CustomerProfile {
  return {
    _id: row.id,
    userName: row.userName,
    companyName: row.companyName,
    gender: row.gender === 'male' ? 'male' : 'female',
    dob: row.dob,
    vpa: row.vpa,
    emailId: row.email,
    mobileNoDetails: row.mobile ? { mobileNo: row.mobile } : null,
    address: { ...EMPTY_ADDRESS, ...(row.address ?? {}) },
    dataStatus: row.dataStatus === 'DELETED' ? 'DELETED' : 'ACTIVE',
    hasPassword: row.passwordHash !== null,
    language: isLocale(row.language) ? row.language : null,
  };
}
