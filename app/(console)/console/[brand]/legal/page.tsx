import Link from 'next/link';
import { consoleDateTime } from '@/lib/shared/console-time';
import { requireStaffPage } from '@/lib/server/console-session';
import { callRoute } from '@/lib/server/call-route';
import { consoleLegalListRoute } from '@/lib/server/routes';
import { roleMay } from '@/lib/domain/staff-roles';
import type { LegalDocumentType } from '@/lib/schemas/legal';
import { PublishLegal } from '@/components/console/legal/publish-legal';
import { linkClass, Section } from '@/components/console/ui';

// The console's legal documents: each type with its versions and how many customers acknowledged
// each, and (owner and managers) publishing a new version after previewing it.

export default async function LegalPage({ params }: { params: Promise<{ brand: string }> }) {
  const { brand } = await params;
  const { timeZone: tz, role } = await requireStaffPage(brand, 'legal', 'read');
  const { types } = await callRoute(consoleLegalListRoute, { params: { brand } });
  const nextVersions = Object.fromEntries(types.map((t) => [t.documentType, (t.versions[0]?.version ?? 0) + 1])) as Record<LegalDocumentType, number>;
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Legal documents</h1>
      {types.map((t) => (
        <Section key={t.documentType} title={t.documentType} id={`legal-${t.documentType.replace(/\W+/g, '-').toLowerCase()}`}>
          {t.versions.length ? (
            <table className="w-full max-w-3xl border-collapse text-left">
              <thead>
                <tr className="border-b border-gray-400">
                  <th scope="col" className="py-2 pr-4">Version</th>
                  <th scope="col" className="py-2 pr-4">Format</th>
                  <th scope="col" className="py-2 pr-4">Published</th>
                  <th scope="col" className="py-2 pr-4">Acknowledgements</th>
                </tr>
              </thead>
              <tbody>
                {t.versions.map((v) => (
                  <tr key={v.documentId} className="border-b border-gray-200" data-version={v.version}>
                    <td className="py-2 pr-4">
                      <Link href={`/${brand}/legal/${v.documentId}`} className={linkClass}>
                        Version {v.version}
                      </Link>
                      {v.current && <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-sm text-green-900">current</span>}
                    </td>
                    <td className="py-2 pr-4">{v.format === 'pdf' ? 'PDF' : 'Markdown'}</td>
                    <td className="py-2 pr-4">{consoleDateTime(v.publishedAt, tz)}</td>
                    <td className="py-2 pr-4">{v.acknowledgements.toLocaleString('en')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-gray-700">Not published yet.</p>
          )}
        </Section>
      ))}
      {roleMay(role, 'legal', 'write') && (
        <Section title="Publish a new version" id="publish">
          <PublishLegal brand={brand} nextVersions={nextVersions} />
        </Section>
      )}
    </div>
  );
}
