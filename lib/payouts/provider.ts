// How payouts reach the bank. A provider takes the claimed payouts (TRANSFER_PENDING) and hands
// them over; its results come back later and move each payout to TRANSFER_COMPLETED or
// TRANSFER_FAILED. The default is manual settlement (./manual.ts): a bulk-transfer CSV the
// operator uploads to the bank, and the bank's result CSV the operator imports.

export type PayoutInstruction = { reference: string; vpa: string; amount: number; name: string };

export type BankResult =
  | { line: number; reference: string; status: 'SUCCESS'; bankRef: string; reason: '' }
  | { line: number; reference: string; status: 'FAILED'; bankRef: string; reason: string };

export type ParsedResults = { results: BankResult[]; problems: { line: number; message: string }[] };

export interface PayoutProvider {
  readonly name: string;
  /** The hand-over document for these payouts (manual: the bulk-transfer CSV). */
  renderInstructions(batch: PayoutInstruction[]): string;
  /** Reads the bank's answer; every row is either a result or a problem naming its line. */
  parseResults(text: string): ParsedResults;
}
