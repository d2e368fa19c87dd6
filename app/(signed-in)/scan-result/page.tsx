import { ScanResult } from '@/components/scan/scan-result';

// /scan-result — the verdict of a code verified in the page (the authentication code)
export default function ScanResultPage() {
  return <ScanResult />;
}
