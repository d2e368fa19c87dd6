import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /tert/verify/{qrId} — a shipping case: its journey
export default function TertVerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="tert" {...props} />;
}
