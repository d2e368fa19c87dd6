import { QrScanner } from '@/components/scan/qr-scanner';

// /qr-scan — scan a product's QR code with the camera, or type it
export default function QrScanPage() {
  return <QrScanner />;
}
