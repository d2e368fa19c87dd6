import 'server-only';
import type { AppContext } from '../context';
import { requireModule } from '../verify/scan-guard';
import type { FeatureFlag } from '@/lib/schemas/client-config';

// A switched-off module answers 403 'This service is not offered by <brand>.' — the same answer
// the verify routes give (lib/api/verify/scan-guard.ts), so every module refuses alike.
export function requireAfterSalesModule(c: unknown, flag: FeatureFlag) {
  requireModule(c as AppContext, flag);
}
