import { VerifyScreen, type VerifyPageProps } from '@/components/scan/verify-screen.server';

// /covert/post/verify/{qrId} — post-sale scan of the hidden code: claims the unit
export default function CovertPostVerifyPage(props: VerifyPageProps) {
  return <VerifyScreen route="covert-post" {...props} />;
}
