import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen';

// /my-product-expiry-check
export default function MyProductExpiryCheckPage() {
  return (
    <ModuleScreen title="Expiry check" intro="Whether a product you claimed is still within its expiry date. Open it from My products.">
      <ul className="space-y-2">
        <li><Link className="underline" href="/my-products">My products</Link></li>
      </ul>
    </ModuleScreen>
  );
}
