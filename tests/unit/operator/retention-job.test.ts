import { getDb } from '@/lib/db/client';
import { deleteScanDataBefore } from '@/lib/console/retention';
import { startRetentionJob } from '@/lib/operator/retention';

// The server's retention job (lib/operator/retention.ts, started by lib/server/startup.ts): it
// really runs the deletion, a minute after start and then every six hours, for every brand with
// its own retention days; it is started once however often it is asked, never keeps the process
// alive, and a failed run is reported and retried at the next one.

jest.mock('@/lib/db/client', () => ({ getDb: jest.fn() }));
jest.mock('@/lib/console/retention', () => ({ deleteScanDataBefore: jest.fn(), purgeBrandScans: jest.fn() }));
jest.mock('@/lib/operator/brands', () => ({ brandScope: jest.fn() }));

const HOUR = 3_600_000;
const brands = [
  { id: 'cl_a', slug: 'a', config: { verification: { risk: { retentionDays: 30 } } } },
  { id: 'cl_b', slug: 'b', config: {} },
];

describe('the scan retention job', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-27T00:00:00Z') });
    (getDb as jest.Mock).mockResolvedValue({ select: () => ({ from: async () => brands }) });
    (deleteScanDataBefore as jest.Mock).mockReset().mockResolvedValue({ scansDeleted: 1, sessionsDeleted: 1 });
  });
  afterEach(() => jest.useRealTimers());

  it('deletes each brand\'s old scan data a minute after start, then every six hours, started once, without keeping the process alive', async () => {
    const timers: Array<{ hasRef(): boolean }> = [];
    const keep = <F extends (...a: never[]) => unknown>(f: F) => ((...a: Parameters<F>) => { const t = f(...a) as { hasRef(): boolean }; timers.push(t); return t; }) as unknown as F;
    const [fakeTimeout, fakeInterval] = [global.setTimeout, global.setInterval];
    const timeout = jest.spyOn(global, 'setTimeout').mockImplementation(keep(fakeTimeout));
    const interval = jest.spyOn(global, 'setInterval').mockImplementation(keep(fakeInterval));
    startRetentionJob();
    startRetentionJob(); // a second start is the same job
    expect(timeout).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(59_000);
    expect(deleteScanDataBefore).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1_000);
    // each brand with its own days: 30 set, 100 by default
    expect((deleteScanDataBefore as jest.Mock).mock.calls.map(([, clientId, before]) => [clientId, (before as Date).toISOString()])).toEqual([
      ['cl_a', '2026-10-28T00:01:00.000Z'],
      ['cl_b', '2026-08-19T00:01:00.000Z'],
    ]);
    await jest.advanceTimersByTimeAsync(6 * HOUR - 1);
    expect(deleteScanDataBefore).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(deleteScanDataBefore).toHaveBeenCalledTimes(4);
    // a failed run is reported and the next one runs all the same
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    (deleteScanDataBefore as jest.Mock).mockRejectedValueOnce(new Error('disk full'));
    await jest.advanceTimersByTimeAsync(6 * HOUR);
    expect(error).toHaveBeenCalledWith('[brand-verify] scan retention failed: disk full');
    await jest.advanceTimersByTimeAsync(6 * HOUR);
    expect(deleteScanDataBefore).toHaveBeenCalledTimes(7);
    // one timer at a time, and neither holds the process open
    expect(interval).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(1);
    expect(timers.map((t) => t.hasRef())).toEqual([false, false]);
    error.mockRestore();
    timeout.mockRestore();
    interval.mockRestore();
  });
});
