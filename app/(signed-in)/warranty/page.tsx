import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /warranty
export default function WarrantyPage() {
  return (
    <ModuleScreen title="Warranty" flag="isWarrantyEnabled" intro="Register the warranty of a product you claimed, with its invoice, and see how long it lasts.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/my-products">My products</Link></li>
      </ul>
    </ModuleScreen>
  );
}
