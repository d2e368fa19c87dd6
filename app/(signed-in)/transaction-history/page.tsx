import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /transaction-history
export default function TransactionHistoryPage() {
  return (
    <ModuleScreen title="Transaction history" flag="isLoyalityProgramEnabled" intro="The cashback payments made to your UPI id and their status.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/rewards">Rewards</Link></li>
      </ul>
    </ModuleScreen>
  );
}
