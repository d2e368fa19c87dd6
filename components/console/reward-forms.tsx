'use client';
import { useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/alert';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import type { RewardSummary } from '@/lib/schemas/console-money';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ConsoleButton } from './button';

// Rewards (console area 'rewards'): a new reward, an edit of one, and a pool coupon's codes
// uploaded from a file. Amounts are typed in rupees; the API answers the field at fault.


export function NewRewardForm({ brand }: { brand: string }) {
  const router = useRouter();
  const [type, setType] = useState<'Cashback' | 'Coupon'>('Cashback');
  const [v, setV] = useState({ name: '', description: '', amount: '', couponCode: '', budget: '', perCustomer: '1' });
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone('');
    const body = {
      name: v.name,
      description: v.description,
      type,
      perCustomer: v.perCustomer,
      ...(type === 'Cashback' ? { amount: v.amount, budget: v.budget } : v.couponCode.trim() ? { couponCode: v.couponCode, budget: v.budget } : {}),
    };
    try {
      const r = await consoleApi(CONSOLE_API.createReward, { params: { brand }, body });
      setDone(`${r.name} created.`);
      setV({ name: '', description: '', amount: '', couponCode: '', budget: '', perCustomer: '1' });
      router.refresh();
    } catch (err) {
      setErrors(consoleErrorsOf(err, ['name', 'description', 'type', 'amount', 'couponCode', 'budget', 'perCustomer']));
    } finally {
      setBusy(false);
    }
  }

  const shared = type === 'Coupon' && v.couponCode.trim() !== '';
  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-reward-title" className="mb-6 rounded-lg border border-gray-300 bg-white p-4">
      <h2 id="new-reward-title" className="mb-3 text-lg font-semibold text-gray-900">New reward</h2>
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label="Name" value={v.name} onChange={set('name')} error={errors.name} maxLength={80} />
        <div className="mb-4">
          <label htmlFor="reward-type" className="mb-1 block font-medium text-gray-900">Type</label>
          <select id="reward-type" value={type} onChange={(e) => setType(e.target.value as 'Cashback' | 'Coupon')} className="block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 text-gray-900">
            <option value="Cashback">Cashback (paid to the customer&apos;s UPI id)</option>
            <option value="Coupon">Coupon</option>
          </select>
        </div>
        <Field label="Description" className="sm:col-span-2" value={v.description} onChange={set('description')} error={errors.description} maxLength={500} />
        {type === 'Cashback' ? (
          <>
            <Field label="Amount per reward (₹)" inputMode="decimal" value={v.amount} onChange={set('amount')} error={errors.amount} hint="Like 25 or 25.50" />
            <Field label="Budget (₹)" inputMode="decimal" value={v.budget} onChange={set('budget')} error={errors.budget} hint="The total the brand pays out" />
          </>
        ) : (
          <>
            <Field label="Shared coupon code" value={v.couponCode} onChange={set('couponCode')} error={errors.couponCode} hint="Leave empty to give each customer a code from an uploaded list" />
            {shared && <Field label="Number of coupons" inputMode="numeric" value={v.budget} onChange={set('budget')} error={errors.budget} />}
          </>
        )}
        <Field label="Rewards per customer" inputMode="numeric" value={v.perCustomer} onChange={set('perCustomer')} error={errors.perCustomer} />
      </div>
      <ConsoleButton type="submit" busy={busy}>
        {busy ? 'Creating…' : 'Create reward'}
      </ConsoleButton>
    </form>
  );
}

export function EditRewardForm({ brand, reward }: { brand: string; reward: RewardSummary }) {
  const router = useRouter();
  const [v, setV] = useState({
    name: reward.name,
    description: reward.description,
    amount: reward.amount === null ? '' : (reward.amount / 100).toFixed(2),
    budget: reward.type === 'Cashback' ? (reward.budgetTotal / 100).toFixed(2) : String(reward.budgetTotal),
    perCustomer: String(reward.perCustomer),
    active: reward.active,
  });
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const set = (k: 'name' | 'description' | 'amount' | 'budget' | 'perCustomer') => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone('');
    const body: Record<string, unknown> = { name: v.name, description: v.description, perCustomer: v.perCustomer, active: v.active };
    if (reward.type === 'Cashback') body.amount = v.amount;
    if (!reward.pool) body.budget = v.budget;
    try {
      await consoleApi(CONSOLE_API.updateReward, { params: { brand, rewardId: reward.rewardId }, body });
      setDone('Saved.');
      router.refresh();
    } catch (err) {
      setErrors(consoleErrorsOf(err, ['name', 'description', 'amount', 'budget', 'perCustomer', 'active']));
    } finally {
      setBusy(false);
    }
  }

  const id = reward.rewardId;
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${reward.name}`} className="mt-3">
      {errors.form && <Alert>{errors.form}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" value={v.name} onChange={set('name')} error={errors.name} maxLength={80} />
        <Field id={`${id}-description`} label="Description" value={v.description} onChange={set('description')} error={errors.description} maxLength={500} />
        {reward.type === 'Cashback' && <Field id={`${id}-amount`} label="Amount per reward (₹)" inputMode="decimal" value={v.amount} onChange={set('amount')} error={errors.amount} />}
        {!reward.pool && (
          <Field
            id={`${id}-budget`}
            label={reward.type === 'Cashback' ? 'Budget (₹)' : 'Number of coupons'}
            inputMode="decimal"
            value={v.budget}
            onChange={set('budget')}
            error={errors.budget}
            hint={`Already used: ${reward.usedText}`}
          />
        )}
        <Field id={`${id}-per-customer`} label="Rewards per customer" inputMode="numeric" value={v.perCustomer} onChange={set('perCustomer')} error={errors.perCustomer} />
        <label className="mb-4 flex min-h-11 items-center gap-3 text-gray-900">
          <input type="checkbox" className="h-5 w-5" checked={v.active} onChange={(e) => setV((x) => ({ ...x, active: e.target.checked }))} />
          Active (customers can earn it)
        </label>
      </div>
      <ConsoleButton type="submit" busy={busy}>
        {busy ? 'Saving…' : 'Save reward'}
      </ConsoleButton>
    </form>
  );
}

export function CouponUploadForm({ brand, reward }: { brand: string; reward: Pick<RewardSummary, 'rewardId' | 'name'> }) {
  const router = useRouter();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const inputId = `${reward.rewardId}-codes`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setMessage({ kind: 'error', text: 'Choose a file of coupon codes first.' });
    if (file.size > 5 * 1024 * 1024) return setMessage({ kind: 'error', text: 'The file must be at most 5 MB.' });
    setBusy(true);
    setMessage(null);
    try {
      const done = await consoleApi(CONSOLE_API.addCoupons, {
        params: { brand, rewardId: reward.rewardId },
        body: { text: await file.text() },
      });
      setMessage({ kind: 'success', text: `${done.added} codes added${done.skippedDuplicates ? `, ${done.skippedDuplicates} already in the pool` : ''}; ${done.left} left to give out.` });
      if (fileRef.current) fileRef.current.value = '';
      router.refresh();
    } catch (err) {
      setMessage({ kind: 'error', text: errorMessageOf(undefined, err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3" aria-label={`Upload coupon codes for ${reward.name}`}>
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-900">Coupon codes file</label>
      <input
        ref={fileRef}
        id={inputId}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        aria-describedby={`${inputId}-hint`}
        aria-invalid={message?.kind === 'error' ? true : undefined}
        className="mb-1 block"
      />
      <p id={`${inputId}-hint`} className="mb-2 text-sm text-gray-700">One code a line, or a CSV with the codes in its first column.</p>
      <ConsoleButton type="submit" variant="secondary" busy={busy}>
        {busy ? 'Uploading…' : 'Upload codes'}
      </ConsoleButton>
    </form>
  );
}
