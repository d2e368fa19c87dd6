import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /my-product-details
export default function MyProductDetailsPage() {
  return (
    <ModuleScreen title="Product details" intro="The details of one product you claimed: its name, batch, manufacturing and expiry dates. Open it from My products.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/my-products">My products</Link></li>
      </ul>
    </ModuleScreen>
  );
}
