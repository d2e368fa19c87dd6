'use client';
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { http } from '@/lib/client/lazy-http';
import { errorMessageOf } from '@/lib/shared/fetch-rules';
import { useT } from '@/components/shell/i18n-context';
import type { MessagePreferences } from '@/lib/schemas/messages';
import { PREFERENCE_KINDS, type DeliveryChannel, type PreferenceKind } from '@/lib/domain/messages';
import type { MessageKey } from '@/lib/shared/i18n';

const KIND_LABEL: Record<PreferenceKind, MessageKey> = {
  'complaint-reply': 'prefs.kind.complaint-reply',
  'complaint-status': 'prefs.kind.complaint-status',
  'reward-earned': 'prefs.kind.reward-earned',
  'payout-completed': 'prefs.kind.payout-completed',
  'payout-failed': 'prefs.kind.payout-failed',
  'warranty-registered': 'prefs.kind.warranty-registered',
  'warranty-ending': 'prefs.kind.warranty-ending',
  recall: 'prefs.kind.recall',
  security: 'prefs.kind.security',
};
const CHANNEL_LABEL: Record<DeliveryChannel, MessageKey> = { email: 'prefs.channel.email', sms: 'prefs.channel.sms', whatsapp: 'prefs.channel.whatsapp' };

// The customer's channels per kind of message: one group per kind, a checkbox per channel;
// recall and security notices are shown checked and cannot be unchecked (PUT message-preferences).
export function MessagePreferencesForm({ initial }: { initial: MessagePreferences }) {
  const t = useT();
  const [prefs, setPrefs] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string>();
  const key = (kind: string, channel: string) => `${kind}/${channel}`;
  const [on, setOn] = useState(() => new Map(initial.preferences.map((p) => [key(p.kind, p.channel), p.enabled])));

  if (prefs.channels.length === 0) {
    return (
      <p className="rounded-lg border border-gray-300 bg-white p-4 text-gray-800" data-testid="no-channels">
        {t('prefs.noChannels')} <Link className="underline" href="/edit-profile">{t('home.editProfile')}</Link>
      </p>
    );
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    setBusy(true);
    setSaved(false);
    setError(undefined);
    try {
      const preferences = prefs.preferences.filter((p) => !p.locked).map((p) => ({ kind: p.kind, channel: p.channel, enabled: on.get(key(p.kind, p.channel)) ?? true }));
      const updated = await http<MessagePreferences>('/customer/message-preferences', { method: 'PUT', body: { preferences } });
      setPrefs(updated);
      setOn(new Map(updated.preferences.map((p) => [key(p.kind, p.channel), p.enabled])));
      setSaved(true);
    } catch (err) {
      setError(errorMessageOf(undefined, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      {saved && <Alert kind="success">{t('prefs.saved')}</Alert>}
      {error && <Alert>{error}</Alert>}
      {PREFERENCE_KINDS.map((kind) => {
        const rows = prefs.preferences.filter((p) => p.kind === kind);
        const locked = rows.some((r) => r.locked);
        return (
          <fieldset key={kind} className="mb-4 rounded-lg border border-gray-300 bg-white p-3" data-testid={`prefs-${kind}`}>
            <legend className="px-1 font-semibold text-gray-900">{t(KIND_LABEL[kind])}</legend>
            {locked && <p className="mb-1 text-sm text-gray-700">{t('prefs.alwaysOn')}</p>}
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {rows.map((p) => {
                const id = `pref-${kind}-${p.channel}`;
                return (
                  <label key={p.channel} htmlFor={id} className="flex min-h-11 items-center gap-2 text-gray-900">
                    <input
                      id={id}
                      type="checkbox"
                      className="h-5 w-5"
                      checked={p.locked || (on.get(key(kind, p.channel)) ?? true)}
                      disabled={p.locked}
                      onChange={(e) => setOn((m) => new Map(m).set(key(kind, p.channel), e.target.checked))}
                    />
                    {t(CHANNEL_LABEL[p.channel])}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <Button type="submit" busy={busy}>{t('prefs.save')}</Button>
      <p className="mt-4 text-center">
        <Link className="underline" href="/messages">{t('prefs.back')}</Link>
      </p>
    </form>
  );
}
