import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaffPage } from '@/lib/server/console-session';
import { getBatch } from '@/lib/console/catalogue';
import { listCodeRuns } from '@/lib/console/code-runs';
import { roleMay } from '@/lib/domain/staff-roles';
import { ApiError } from '@/lib/errors';
import { CodeRuns } from '@/components/console/catalogue/code-runs';
import { BatchCodeCount, BatchCodesProvider } from '@/components/console/catalogue/batch-codes';
import { BatchMarketsForm } from '@/components/console/catalogue/batch-markets-form';
import { Gs1KeyForm } from '@/components/console/catalogue/gs1-key-form';
import { linkClass, Section } from '@/components/console/ui';

// One batch: its details, its markets (owner, manager change them), its codes' downloads (CSV, print-ready PDF) and code generation with
// the progress of each run (a run still going is picked up again after a reload).

const MAX_PDF_CODES = 10_000;

export default async function BatchPage({ params }: { params: Promise<{ brand: string; batchId: string }> }) {
  const { brand, batchId } = await params;
  const { scope, role } = await requireStaffPage(brand, 'catalogue', 'read');
  // The runs before the batch's code count: a run that ends between the two reads is then either
  // still going (and polled to its end) or already counted, never done with a stale count.
  const runs = await listCodeRuns(scope, { batchId });
  const batch = await getBatch(scope, batchId).catch((err) => {
    if (err instanceof ApiError && err.code === 'not_found') notFound();
    throw err;
  });
  const api = `/api/console/brands/${brand}/catalogue/batches/${batch.id}`;
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
          <Gs1KeyForm apiPath={`/console/brands/${encodeURIComponent(brand)}/catalogue/batches/${encodeURIComponent(batch.id)}/lot`} field="lot" value={batch.lot} />
        </Section>
      )}
      <Section title="Downloads" id="downloads">
        {batch.codes ? (
          <ul className="list-disc pl-6">
            <li>
              <a href={`${api}/codes.csv`} download className={linkClass}>
                Codes as CSV
              </a>{' '}
              (one row per code, for a printer&apos;s data merge)
            </li>
            <li>
              {batch.codes <= MAX_PDF_CODES ? (
                <a href={`${api}/codes.pdf`} download className={linkClass}>
                  Print-ready PDF of the QR codes
                </a>
              ) : (
                <>A print-ready PDF holds at most {MAX_PDF_CODES.toLocaleString('en')} codes: use the CSV for this batch.</>
              )}
            </li>
          </ul>
        ) : (
          <p className="text-gray-700">No codes yet.</p>
        )}
      </Section>
      <Section title="Generate codes" id="generate">
        <CodeRuns brand={brand} batchId={batch.id} initialRuns={runs} canWrite={roleMay(role, 'catalogue', 'write')} />
      </Section>
    </div>
    </BatchCodesProvider>
  );
}
