import Link from 'next/link';

// /<brand>/forbidden — where requireStaffPage sends a role that may not see an area.
export default async function ForbiddenPage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">Not for your role</h1>
      <p className="mb-4">Your role at this brand may not see that part of the console. Ask the brand&rsquo;s owner if you need it.</p>
      <Link href={`/${brand}/overview`} className="underline">
        Go to the overview
      </Link>
    </>
  );
}
