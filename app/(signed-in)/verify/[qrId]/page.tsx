import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /verify/{qrId} — the route follows the code's level (overt, covert post, case, pallet)
export default function VerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="auto" {...props} />;
}
