import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /covert/pre/verify/{qrId} — pre-sale scan of the hidden code
export default function CovertPreVerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="covert-pre" {...props} />;
}
