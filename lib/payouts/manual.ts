import { rupees } from '@/lib/domain/payouts';
import { csvLine, parseCsv } from './csv';
import type { BankResult, ParsedResults, PayoutProvider } from './provider';
import { PAYOUT_REFERENCE_PATTERN } from './reference';

// Manual settlement: the operator exports a bulk-transfer CSV (reference, vpa, amount in rupees
// with two decimals, name), uploads it to the bank, and imports the bank's result CSV
// (reference, status SUCCESS|FAILED, bank_ref, reason). docs/after-sales.md shows both.

export const EXPORT_HEADER = ['reference', 'vpa', 'amount', 'name'];
export const RESULT_HEADER = ['reference', 'status', 'bank_ref', 'reason'];

function parseResults(text: string): ParsedResults {
  const problems: { line: number; message: string }[] = [];
  const results: BankResult[] = [];
  let rows;
  try {
    rows = parseCsv(text);
  } catch (e) {
    return { results, problems: [{ line: 0, message: (e as Error).message }] };
  }
  const [head, ...body] = rows;
  if (!head || head.fields.map((f) => f.trim().toLowerCase()).join(',') !== RESULT_HEADER.join(',')) {
    return { results, problems: [{ line: head?.line ?? 1, message: `the first line must be the header ${RESULT_HEADER.join(',')}` }] };
  }
  const seen = new Set<string>();
  for (const { line, fields } of body) {
    const [reference = '', status = '', bankRef = '', reason = ''] = fields.map((f) => f.trim());
    if (fields.length !== 4) problems.push({ line, message: `expected 4 fields, found ${fields.length}` });
    else if (!PAYOUT_REFERENCE_PATTERN.test(reference)) problems.push({ line, message: `reference ${JSON.stringify(reference.slice(0, 40))} is not a payout reference` });
    else if (seen.has(reference)) problems.push({ line, message: `reference ${reference} appears twice` });
    else if (status === 'SUCCESS') {
      if (!/^[A-Za-z0-9_./-]{1,64}$/.test(bankRef)) problems.push({ line, message: 'bank_ref is required for SUCCESS (1-64 letters or digits)' });
      else results.push({ line, reference, status, bankRef, reason: '' });
    } else if (status === 'FAILED') {
      if (!reason || reason.length > 300) problems.push({ line, message: 'reason is required for FAILED (at most 300 characters)' });
      else if (bankRef.length > 64) problems.push({ line, message: 'bank_ref must be at most 64 characters' });
      else results.push({ line, reference, status, bankRef, reason });
    } else problems.push({ line, message: `status must be SUCCESS or FAILED, not ${JSON.stringify(status.slice(0, 20))}` });
    seen.add(reference);
  }
  return { results, problems };
}

export const manualProvider: PayoutProvider = {
  name: 'manual',
  renderInstructions: (batch) =>
    [csvLine(EXPORT_HEADER), ...batch.map((p) => csvLine([p.reference, p.vpa, rupees(p.amount), p.name]))].join('\r\n') + '\r\n',
  parseResults,
};

/** The configured provider; manual settlement is the only one this deployment ships. */
export function payoutProvider(): PayoutProvider {
  return manualProvider;
}
