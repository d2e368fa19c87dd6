import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /info/verify/{qrId} — anonymous info scan: product and batch, no claim
export default function InfoVerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="info" {...props} />;
}
