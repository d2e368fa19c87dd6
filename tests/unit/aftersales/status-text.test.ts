import { PAYOUT_STATUSES } from '@/lib/domain/payouts';
import { COMPLAINT_STATUSES } from '@/lib/domain/complaints';
import { PAYOUT_STATUS_TEXT, payoutStatusText } from '@/components/rewards/payout-status';
import { COMPLAINT_STATUS, complaintStatusView } from '@/components/complaints/status';
import en from '@/messages/en.json';

// Statuses read as words on screen, never as colour alone.

describe('payout status text', () => {
  it('has a distinct human label for every payout status of the spec', () => {
    // The label is the key of its words in the language catalogues (messages/*.json).
    const labels = PAYOUT_STATUSES.map((s) => en[payoutStatusText(s).label]);
    expect(new Set(labels).size).toBe(PAYOUT_STATUSES.length);
    expect(Object.keys(PAYOUT_STATUS_TEXT).sort()).toEqual([...PAYOUT_STATUSES].sort());
    expect(en[payoutStatusText('PENDING_AT_BANK').label]).toBe('Pending at the bank');
    expect(labels.every((l) => !/_/.test(l))).toBe(true);
  });
});

describe('complaint status view', () => {
  it('names every status in words with the documented colour', () => {
    expect(Object.keys(COMPLAINT_STATUS).sort()).toEqual([...COMPLAINT_STATUSES].sort());
    // The label is the key of its words in the language catalogues (messages/*.json).
    expect(complaintStatusView('inprogress')).toEqual({ label: 'status.inprogress', color: '#d97706' });
    expect(complaintStatusView('closed')).toEqual({ label: 'status.closed', color: '#16a34a' });
    expect([en[complaintStatusView('inprogress').label], en[complaintStatusView('closed').label]]).toEqual(['In progress', 'Closed']);
  });

  it("takes the API's colour only when it is a plain hex colour", () => {
    expect(complaintStatusView('open', '#123abc').color).toBe('#123abc');
    expect(complaintStatusView('open', 'red;background:url(x)').color).toBe('#2563eb');
  });
});
