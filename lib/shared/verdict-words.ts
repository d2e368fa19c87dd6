import { RESCAN_MESSAGE, type VerdictLabel } from '@/lib/domain/verdict';
import type { MessageKey, Translate } from './i18n';

// How a verdict's wire label reads in the customer's language (docs/languages.md): chosen by the
// label, which stays on the wire exactly as the spec spells it ('Product Cliamed'); the English
// catalogue reads it as displayLabel does.

const LABEL_KEYS: Record<VerdictLabel | typeof RESCAN_MESSAGE, MessageKey> = {
  Info: 'label.info',
  'Product Cliamed': 'label.productClaimed',
  'Genuine Pre Sale': 'label.genuinePreSale',
  'Genuine Post Sale': 'label.genuinePostSale',
  Expired: 'label.expired',
  Fake: 'label.fake',
  'Invalid Product': 'label.invalidProduct',
  'Scan pre sale first': 'label.scanPreSaleFirst',
  Tracking: 'label.tracking',
  'Genuine Pre Sale & Claim Warranty': 'label.genuinePreSaleClaimWarranty',
  'Batch Details Only': 'label.batchDetailsOnly',
  [RESCAN_MESSAGE]: 'label.rescan',
};

const EXPLANATION_KEYS: Record<VerdictLabel, MessageKey> = {
  Info: 'explain.info',
  'Product Cliamed': 'explain.productClaimed',
  'Genuine Pre Sale': 'explain.genuinePreSale',
  'Genuine Post Sale': 'explain.genuinePostSale',
  Expired: 'explain.expired',
  Fake: 'explain.fake',
  'Invalid Product': 'explain.invalidProduct',
  'Scan pre sale first': 'explain.scanPreSaleFirst',
  Tracking: 'explain.tracking',
  'Genuine Pre Sale & Claim Warranty': 'explain.genuinePreSaleClaimWarranty',
  'Batch Details Only': 'explain.batchDetailsOnly',
};

/** The label as the customer reads it. */
export const labelText = (t: Translate, label: VerdictLabel | typeof RESCAN_MESSAGE) => t(LABEL_KEYS[label]);

/** What the label means for the customer, in a sentence naming the brand. */
export const explanationText = (t: Translate, label: VerdictLabel, brand: string) => t(EXPLANATION_KEYS[label], { brand });
