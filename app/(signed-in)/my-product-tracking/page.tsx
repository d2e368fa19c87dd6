import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /my-product-tracking
export default function MyProductTrackingPage() {
  return (
    <ModuleScreen title="Product tracking" flag="isTrackingEnabled" intro="Where a product you claimed has travelled from the factory to the shop. Open it from My products.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/my-products">My products</Link></li>
      </ul>
    </ModuleScreen>
  );
}
