import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleBatchRoute, consoleCodeRunsRoute, consoleRecallAudienceRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiRequestError } from '@/lib/shared/fetch-rules';
import { CodeRuns } from '@/components/console/catalogue/code-runs';
import { BatchCodeCount, BatchCodesProvider } from '@/components/console/catalogue/batch-codes';
import { BatchMarketsForm } from '@/components/console/catalogue/batch-markets-form';
import { BulkBlacklistForm } from '@/components/console/catalogue/bulk-blacklist-form';
import { Gs1KeyForm } from '@/components/console/catalogue/gs1-key-form';
import { BatchSerialsForm } from '@/components/console/catalogue/batch-serials-form';
import { linkClass, Section } from '@/components/console/ui';
import { RecallForm } from '@/components/console/catalogue/recall-form';
import { CONSOLE_API, consoleApiHref } from '@/lib/shared/console-api';

// One batch: its details, its markets and GS1 lot and serials (owner, manager change them), its codes' downloads (CSV, print-ready PDF) and code generation with
// the progress of each run (a run still going is picked up again after a reload).

const MAX_PDF_CODES = 10_000;
const LEVEL_LABELS: Record<number, string> = { 6: 'overt', 7: 'covert', 8: 'case', 9: 'pallet' };

export default async function BatchPage({ params }: { params: Promise<{ brand: string; batchId: string }> }) {
  const { brand, batchId } = await params;
  const { role } = await requireStaffPage(brand, 'catalogue', 'read');
  // The runs before the batch's code count: a run that ends between the two reads is then either
  // still going (and polled to its end) or already counted, never done with a stale count.
  const missing = (err: unknown) => {
    if (err instanceof ApiRequestError && [400, 404, 422].includes(err.status)) notFound();
    throw err;
  };
  const { runs } = await callRoute(consoleCodeRunsRoute, { params: { brand, batchId }, query: { batchCodes: 'without' } }).catch(missing);
  const { batch, levels, serials } = await callRoute(consoleBatchRoute, { params: { brand, batchId } }).catch(missing);
  // The PDF's limit counts the codes printed, so a batch too big for one sheet still prints level by level.
  const printable = levels.reduce((n, l) => n + l.codes, 0);
  return (
    <BatchCodesProvider initial={batch.codes}>
    <div>
      <p className="mb-2">
        <Link href={`/${brand}/catalogue`} className={linkClass}>
          Catalogue
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Batch {batch.batchNumber}</h1>
      <dl className="mb-6 grid max-w-xl grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
        <dt className="font-medium">Product</dt>
        <dd>
          <Link href={`/${brand}/catalogue/products/${batch.productId}`} className={linkClass}>
            {batch.productName}
          </Link>
        </dd>
        <dt className="font-medium">Manufactured</dt>
        <dd>{batch.mfgDate ?? '—'}</dd>
        <dt className="font-medium">Expires</dt>
        <dd>{batch.expiryDate ?? '—'}</dd>
        <dt className="font-medium">Markets</dt>
        <dd>{batch.markets.join(', ') || 'Anywhere'}</dd>
        <dt className="font-medium">GS1 lot</dt>
        <dd>{batch.lot}</dd>
        {serials.units > 0 && (
          <>
            <dt className="font-medium">GS1 serials</dt>
            <dd data-testid="batch-serials">
              {serials.ownSerials ? `${serials.first} to ${serials.last}` : "each code's qrId"}
              {serials.ownSerials > 0 && serials.ownSerials < serials.units ? ` (${serials.ownSerials} of ${serials.units} units have their own)` : ''}
            </dd>
          </>
        )}
        <dt className="font-medium">Codes</dt>
        <dd data-testid="batch-codes">
          <BatchCodeCount />
        </dd>
      </dl>
      {roleMay(role, 'catalogue', 'write') && (
        <Section title="Markets" id="markets">
          <BatchMarketsForm brand={brand} batchId={batch.id} markets={batch.markets} />
        </Section>
      )}
      {roleMay(role, 'catalogue', 'write') && (
        <Section title="GS1 lot" id="gs1-lot">
          <Gs1KeyForm brand={brand} id={batch.id} field="lot" value={batch.lot} />
        </Section>
      )}
      {roleMay(role, 'catalogue', 'write') && serials.units > 0 && (
        <Section title="GS1 serials" id="gs1-serials">
          <BatchSerialsForm brand={brand} batchId={batch.id} batchNumber={batch.batchNumber} units={serials.units} />
        </Section>
      )}
      <Section title="Downloads" id="downloads">
        {batch.codes ? (
          <ul className="list-disc pl-6">
            <li>
              <a href={consoleApiHref(CONSOLE_API.batchCodesCsv, { brand, batchId: batch.id })} download className={linkClass}>
                Codes as CSV
              </a>{' '}
              (one row per code, for a printer&apos;s data merge)
            </li>
            {printable > 0 && printable <= MAX_PDF_CODES && (
              <li>
                <a href={consoleApiHref(CONSOLE_API.batchCodesPdf, { brand, batchId: batch.id })} download className={linkClass}>
                  Print-ready PDF of the QR codes
                </a>{' '}
                ({printable.toLocaleString('en-IN')} codes)
              </li>
            )}
            {levels.length > 1 &&
              levels.map((l) => (
                <li key={l.level}>
                  {l.codes <= MAX_PDF_CODES ? (
                    <a href={consoleApiHref(CONSOLE_API.batchCodesPdf, { brand, batchId: batch.id }, { levels: l.level })} download className={linkClass}>
                      Print-ready PDF of the {LEVEL_LABELS[l.level] ?? `level ${l.level}`} codes
                    </a>
                  ) : (
                    <>The {LEVEL_LABELS[l.level] ?? `level ${l.level}`} codes</>
                  )}{' '}
                  ({l.codes.toLocaleString('en-IN')} codes{l.codes > MAX_PDF_CODES ? ': more than one print-ready PDF holds; use the CSV' : ''})
                </li>
              ))}
            {printable > MAX_PDF_CODES && (
              <li>A print-ready PDF holds at most {MAX_PDF_CODES.toLocaleString('en-IN')} codes: print this batch level by level, or use the CSV.</li>
            )}
          </ul>
        ) : (
          <p className="text-gray-700">No codes yet.</p>
        )}
      </Section>
      {batch.codes > 0 && roleMay(role, 'codes', 'write') && (
        <Section title="Blacklist codes" id="blacklist">
          <BulkBlacklistForm brand={brand} batchId={batch.id} batchNumber={batch.batchNumber} />
        </Section>
      )}
      {roleMay(role, 'catalogue', 'write') && (
        <Section title="Recall or safety notice" id="recall">
          <RecallForm brand={brand} batchId={batch.id} batchNumber={batch.batchNumber} customers={(await callRoute(consoleRecallAudienceRoute, { params: { brand, batchId: batch.id } })).customers} />
        </Section>
      )}
      <Section title="Generate codes" id="generate">
        <CodeRuns brand={brand} batchId={batch.id} initialRuns={runs} canWrite={roleMay(role, 'catalogue', 'write')} />
      </Section>
    </div>
    </BatchCodesProvider>
  );
}
