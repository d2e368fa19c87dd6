'use client';
import { Field } from '@/components/ui/field';
import { useT } from '@/components/shell/i18n-context';
import type { MessageKey } from '@/lib/shared/i18n';
import type { Channel } from '@/lib/schemas/auth';

// Channel choice (only when the brand offers both) and the contact for that channel.
const CHANNEL_KEY: Record<Channel, MessageKey> = { mobile: 'auth.mobile', email: 'auth.email' };
export function ContactFields({
  channels,
  channel,
  onChannel,
  contact,
  onContact,
  error,
}: {
  channels: Channel[];
  channel: Channel;
  onChannel: (c: Channel) => void;
  contact: string;
  onContact: (v: string) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <>
      {channels.length > 1 && (
        <fieldset className="mb-4">
          <legend className="mb-1 font-medium text-gray-900">{t('auth.use')}</legend>
          <div className="flex gap-4">
            {channels.map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => onChannel(c)} />
                {t(CHANNEL_KEY[c])}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Field
        label={t(CHANNEL_KEY[channel])}
        name="contact"
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        inputMode={channel === 'email' ? 'email' : 'tel'}
        hint={channel === 'mobile' ? t('auth.mobileHint') : undefined}
        value={contact}
        onChange={(e) => onContact(e.target.value)}
        error={error}
        required
      />
    </>
  );
}
