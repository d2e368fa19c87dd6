// Generating codes for a batch (the console's catalogue area and the command line's generate-codes
// call the same writer): units as overt+covert pairs with an auth code, or batch-level codes,
// optionally packed in cases and pallets. The console runs a generation as a background job (a
// code_runs row): the codes are written in chunks, each in its own transaction with the run's
// progress, yielding to other requests between chunks, so a page can poll the run and a reload
// finds it again. The command line writes its (smaller) run in one transaction.

export { codeRunsSettled } from './code-runs-settled';
export { generateCodesNow } from './generate-codes-now';
export { getCodeRun } from './get-code-run';
export { listBatchCodeRuns } from './list-batch-code-runs';
export { listCodeRuns } from './list-code-runs';
export { RUN_CHUNK_ROWS, startCodeRun, type RunHooks } from './start-code-run';
export { stopCodeRuns } from './stop-code-runs';
export { newQrId, newAuthCode, type CodeSummary } from './shared';
