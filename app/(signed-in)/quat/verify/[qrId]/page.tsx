import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /quat/verify/{qrId} — a pallet: its journey
export default function QuatVerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="quat" {...props} />;
}
