import Link from 'next/link';
import { requireStaffSession } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleMeRoute } from '@/lib/server/routes';
import { organizationTypeSchema } from '@/lib/schemas/console';
import { ConsoleButton } from '@/components/console/button';
import { ConsoleHeader } from './console-header';

// / on the console host — the brands this staff member belongs to, with their organisation type
// and the role there; filtered by type with a plain GET form (works without JavaScript).
export default async function BrandListPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await requireStaffSession();
  const params = await searchParams;
  const type = organizationTypeSchema.safeParse(params.type);
  const { memberships: all } = await callRoute(consoleMeRoute);
  const shown = type.success ? all.filter((m) => m.organizationType === type.data) : all;
  return (
    <>
      <ConsoleHeader email={session.email} />
      <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8">
        <h1 className="mb-4 text-2xl font-bold">Your brands</h1>
        <form method="get" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Filter brands">
          <div>
            <label htmlFor="type" className="mb-1 block font-medium">
              Organisation type
            </label>
            <select id="type" name="type" defaultValue={type.success ? type.data : ''} className="min-h-11 rounded-md border border-gray-500 bg-white px-3">
              <option value="">All</option>
              <option value="Manufacturer">Manufacturer</option>
              <option value="Retailer">Retailer</option>
            </select>
          </div>
          <ConsoleButton type="submit" variant="secondary" native>
            Filter
          </ConsoleButton>
        </form>
        {all.length === 0 ? (
          <p>You are not on the staff of any brand. Ask a brand&rsquo;s owner to invite you.</p>
        ) : shown.length === 0 ? (
          <p role="status">None of your brands is a {type.success ? type.data : ''}.</p>
        ) : (
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Your brands</caption>
            <thead>
              <tr className="border-b border-gray-400">
                <th scope="col" className="py-2 pr-4">Brand</th>
                <th scope="col" className="py-2 pr-4">Organisation type</th>
                <th scope="col" className="py-2">Your role</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((m) => (
                <tr key={m.slug} className="border-b border-gray-200">
                  <td className="py-2 pr-4">
                    <Link href={`/${m.slug}/overview`} className="font-medium underline">
                      {m.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{m.organizationType}</td>
                  <td className="py-2 capitalize">{m.role}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </main>
    </>
  );
}
