import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /overt/verify/{qrId} — pre-sale scan of the visible code
export default function OvertVerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="overt" {...props} />;
}
