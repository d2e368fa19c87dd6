import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /rewards
export default function RewardsPage() {
  return (
    <ModuleScreen title="Rewards" flag="isLoyalityProgramEnabled" intro="Cashback and coupons you earn by scanning genuine products are listed here. Cashback is paid to your UPI id.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/upi-details">UPI details</Link></li>
        <li><Link className="underline" href="/transaction-history">Transaction history</Link></li>
      </ul>
    </ModuleScreen>
  );
}
