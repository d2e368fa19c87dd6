'use client';
import { Field } from '@/components/ui/field';
import { CHANNEL_LABEL } from '@/lib/client/auth-options';
import type { Channel } from '@/lib/schemas/auth';

// Channel choice (only when the brand offers both) and the contact for that channel.
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
  return (
    <>
      {channels.length > 1 && (
        <fieldset className="mb-4">
          <legend className="mb-1 font-medium text-gray-900">Use</legend>
          <div className="flex gap-4">
            {channels.map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => onChannel(c)} />
                {CHANNEL_LABEL[c]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Field
        label={CHANNEL_LABEL[channel]}
        name="contact"
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        inputMode={channel === 'email' ? 'email' : 'tel'}
        hint={channel === 'mobile' ? 'With country code, e.g. +919876543210' : undefined}
        value={contact}
        onChange={(e) => onContact(e.target.value)}
        error={error}
        required
      />
    </>
  );
}
