import Link from 'next/link';
import type { ReactNode } from 'react';
import { RESCAN_MESSAGE } from '@/lib/domain/verdict';
import { Actions, ResultBanner, linkClass, primaryLinkClass } from './verdict-card';

// What a verify screen shows when there is no verdict: a link that is not a code of this brand
// (the API's 422), a timeout (the rescan message), a scan flood, a switched-off module, or
// another failure. Always a way to scan again or type the code.

export function ScanProblem({ title, children, tone = 'danger' }: { title: string; children?: ReactNode; tone?: 'danger' | 'neutral' | 'warning' }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6">
      <ResultBanner tone={tone} title={title}>{children}</ResultBanner>
      <Actions>
        <Link className={primaryLinkClass} href="/qr-scan">Scan again</Link>
        <Link className={linkClass} href="/qr-scan#type-code">Type the code instead</Link>
      </Actions>
    </div>
  );
}

/** The /invalid-qr screen's content: shown there, and in place on a verify page given a malformed code. */
export function InvalidQrNotice({ brand }: { brand: string }) {
  return (
    <ScanProblem title="Invalid QR code">
      <p className="mt-1">This is not a QR code of {brand}. Check that you scanned the code printed on the product, or type it in.</p>
    </ScanProblem>
  );
}

export function RescanNotice() {
  return (
    <ScanProblem title={RESCAN_MESSAGE} tone="neutral">
      <p className="mt-1">The check took too long, so no result was given. Scan the code once more.</p>
    </ScanProblem>
  );
}
