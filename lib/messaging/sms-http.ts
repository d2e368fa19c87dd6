import 'server-only';
import type { MessageProvider } from './types';
import { messageText } from './types';

// SMS through an HTTP gateway: POST SMS_HTTP_URL with JSON { to, message } and, when set,
// Authorization: Bearer SMS_HTTP_TOKEN. Any 2xx answer counts as sent.

export const SMS_TIMEOUT_MS = 10_000;

export function smsHttpProvider(url: string, token: string | undefined, timeoutMs = SMS_TIMEOUT_MS): MessageProvider {
  return {
    name: 'sms-http',
    async send(m) {
      if (m.channel !== 'mobile') throw new Error('The SMS provider only sends to mobile numbers');
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ to: m.to, message: messageText(m).text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message;
        throw new Error(`Could not send SMS through ${new URL(url).host}: ${reason}`);
      }
      if (!res.ok) throw new Error(`Could not send SMS through ${new URL(url).host}: HTTP ${res.status}`);
    },
  };
}
