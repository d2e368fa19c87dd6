import Link from 'next/link';
import { ModuleScreen } from '@/components/pages/module-screen.server';
import { RaiseComplaintForm } from '@/components/complaints/raise-complaint-form.deferred';
import { unitIdOf } from '@/components/products/unit-param';

// /raise-complaint[?unitId=] — describe a problem, attach files; the brand's support team answers.
export default async function RaiseComplaintPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const unitId = unitIdOf((await searchParams).unitId);
  return (
    <ModuleScreen title="Raise a complaint" flag="isComplaintManagementEnabled" intro="Describe a problem with a product, attach photos, a video or a PDF, and the brand's support team will answer.">
      <RaiseComplaintForm unitId={unitId} />
      <p className="mt-6"><Link className="font-medium text-brand-primary underline" href="/complaints">My complaints</Link></p>
    </ModuleScreen>
  );
}
