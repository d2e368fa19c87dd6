import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /my-products
export default function MyProductsPage() {
  return (
    <ModuleScreen title="My products" intro="The products you claimed by scanning their code after purchase, with their details, expiry and tracking.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/qr-scan">Scan a product</Link></li>
      </ul>
    </ModuleScreen>
  );
}
