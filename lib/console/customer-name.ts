import 'server-only';
import { customers } from '@/lib/db/schema';

// How the console names a customer in its lists (complaints, warranty, feedback, reports): their
// name, else their company, e-mail or mobile, else "Customer" (an erased account).

/** The customer columns a list selects to name them. */
export const customerNameCols = { userName: customers.userName, companyName: customers.companyName, email: customers.email, mobile: customers.mobile };

type Named = { userName: string | null; companyName: string | null; email: string | null; mobile: string | null };

export const customerName = (c: Named | null) => c?.userName || c?.companyName || c?.email || c?.mobile || 'Customer';
