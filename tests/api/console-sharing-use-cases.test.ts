import { runOperatorCommand } from '@/lib/operator/commands';
import { cliScope } from '@/lib/console/scope';
import { getSharing, sharedComplaints, sharedScans, sharedWithUs } from '@/lib/console/sharing';
import { auditOf } from '../support/console-money';
import { complaintOf, manufacturerWithBatches, retailer, scanOf, secretCustomer } from '../support/sharing';

// The sharing use cases (lib/console/sharing/) through the command line's `share` and
// `share-batch` (the same use cases the console calls), audited as the command line.

jest.setTimeout(60_000);

it('shares from the command line: on, off and --unshare, each audited as the command line', async () => {
  const m = await manufacturerWithBatches();
  const r = await retailer();
  const customer = await secretCustomer(m.brand.id);
  await scanOf(m.brand.id, m.sold.units[0]!, customer.id);
  await scanOf(m.brand.id, m.other.units[0]!, customer.id);
  await complaintOf(m.brand.id, m.sold.units[1]!, customer.id);
  const retailScope = cliScope(r.id, r.slug);

  expect(await runOperatorCommand('share-batch', { slug: m.brand.slug, batch: m.sold.batchNumber, retailer: r.slug })).toEqual({ batchNumber: m.sold.batchNumber, retailer: r.slug });
  expect(await runOperatorCommand('share', { slug: m.brand.slug, retailer: r.slug, scans: 'on' })).toEqual([
    { retailer: r.slug, scans: 'on', complaints: 'off', batches: [m.sold.batchNumber] },
  ]);
  expect((await auditOf(m.brand.id, 'sharing.add'))[0]).toMatchObject({ actor: 'command line', target: r.slug, after: { scans: true, complaints: false } });
  expect((await auditOf(m.brand.id, 'batch.retailer'))[0]).toMatchObject({ actor: 'command line', before: { retailer: null }, after: { retailer: r.slug } });

  expect((await sharedWithUs(retailScope)).brands).toEqual([{ slug: m.brand.slug, name: m.brand.name, scans: true, complaints: false }]);
  expect((await sharedScans(retailScope, m.brand.slug)).total).toBe(1);
  await expect(sharedComplaints(retailScope, m.brand.slug)).rejects.toMatchObject({ code: 'not_found' });

  await runOperatorCommand('share', { slug: m.brand.slug, retailer: r.slug, scans: 'off', complaints: 'on' });
  await expect(sharedScans(retailScope, m.brand.slug)).rejects.toMatchObject({ code: 'not_found' });
  expect((await sharedComplaints(retailScope, m.brand.slug)).complaints).toHaveLength(1);
  expect((await auditOf(m.brand.id, 'sharing.update'))[0]).toMatchObject({ before: { scans: true, complaints: false }, after: { scans: false, complaints: true } });

  // The batch taken back from the retailer: its complaint is no longer theirs.
  await runOperatorCommand('share-batch', { slug: m.brand.slug, batch: m.sold.batchNumber, retailer: 'none' });
  expect((await sharedComplaints(retailScope, m.brand.slug)).total).toBe(0);

  await runOperatorCommand('share', { slug: m.brand.slug, retailer: r.slug, unshare: true });
  expect((await getSharing(cliScope(m.brand.id, m.brand.slug))).shares).toEqual([]);
  expect((await sharedWithUs(retailScope)).brands).toEqual([]);
});

it('refuses bad command-line input: a value other than on/off, --unshare with a kind, a Manufacturer as retailer', async () => {
  const m = await manufacturerWithBatches();
  const r = await retailer();
  await expect(runOperatorCommand('share', { slug: m.brand.slug, retailer: r.slug, scans: 'yes' })).rejects.toMatchObject({ name: 'ZodError' });
  await expect(runOperatorCommand('share', { slug: m.brand.slug, retailer: r.slug, scans: 'on', unshare: true })).rejects.toMatchObject({ name: 'ZodError' });
  await expect(runOperatorCommand('share', { slug: m.brand.slug, retailer: m.brand.slug, scans: 'on' })).rejects.toMatchObject({ field: 'retailer' });
  await expect(runOperatorCommand('share', { slug: m.brand.slug, retailer: r.slug, unshare: true })).rejects.toMatchObject({ code: 'not_found' });
  expect(await auditOf(m.brand.id, 'sharing.add')).toEqual([]);
});
