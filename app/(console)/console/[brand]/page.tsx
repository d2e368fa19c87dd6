import { redirect } from 'next/navigation';

// /<brand> — the brand's overview.
export default async function BrandHome({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  redirect(`/${brand}/overview`);
}
