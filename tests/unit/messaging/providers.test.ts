import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { resetEnvCache } from '@/lib/edge/env';
import { memoryOutbox, outboxProvider, readOutbox } from '@/lib/messaging/outbox';
import { messageText } from '@/lib/messaging/types';
import { renderMessage } from '@/lib/messaging/queue';
import { smtpProvider } from '@/lib/messaging/smtp';
import { smsHttpProvider } from '@/lib/messaging/sms-http';
import { providerFor } from '@/lib/messaging';
import type { OtpMessage } from '@/lib/messaging/types';

const message: OtpMessage = { channel: 'email', to: 'asha@example.com', purpose: 'LOGIN', code: '042137', clientId: 'cli_1', brandName: 'Acme' };
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});
function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

describe('the outbox provider', () => {
  it('appends one JSON object a line to DATA_DIR/outbox.jsonl', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    try {
      setEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
      await outboxProvider.send(message);
      await outboxProvider.send({ ...message, channel: 'mobile', to: '+919876543210', code: '000001' });
      const lines = readFileSync(path.join(dir, 'outbox.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toEqual({ at: expect.any(String), channel: 'email', to: 'asha@example.com', purpose: 'LOGIN', code: '042137', clientId: 'cli_1' });
      expect(new Date(lines[0].at).getTime()).toBeGreaterThan(Date.now() - 10_000);
      expect(readOutbox().map((e) => e.code)).toEqual(['042137', '000001']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps entries in memory with the in-memory database, or writes TEST_OUTBOX_FILE when set', async () => {
    setEnv({ DATA_DIR: ':memory:', TEST_OUTBOX_FILE: undefined, LOG_LEVEL: 'silent' });
    const before = memoryOutbox.length;
    await outboxProvider.send(message);
    expect(memoryOutbox.slice(before)).toEqual([expect.objectContaining({ code: '042137', to: 'asha@example.com' })]);

    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    try {
      setEnv({ TEST_OUTBOX_FILE: path.join(dir, 'codes.jsonl') });
      await outboxProvider.send(message);
      expect(readFileSync(path.join(dir, 'codes.jsonl'), 'utf8')).toContain('"code":"042137"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs a line unless LOG_LEVEL is silent', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    try {
      setEnv({ DATA_DIR: ':memory:', TEST_OUTBOX_FILE: undefined, LOG_LEVEL: 'info' });
      await outboxProvider.send(message);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('LOGIN code 042137'));
      log.mockClear();
      setEnv({ LOG_LEVEL: 'silent' });
      await outboxProvider.send(message);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });
});

describe('provider choice', () => {
  it('uses SMTP for e-mail when SMTP_URL is set, the SMS gateway when SMS_HTTP_URL is set, else the outbox', () => {
    setEnv({ SMTP_URL: undefined, SMS_HTTP_URL: undefined });
    expect(providerFor('email').name).toBe('outbox');
    expect(providerFor('mobile').name).toBe('outbox');
    setEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_HTTP_URL: 'http://127.0.0.1:9/sms' });
    expect(providerFor('email').name).toBe('smtp');
    expect(providerFor('mobile').name).toBe('sms-http');
  });
});

describe('the SMTP provider', () => {
  it('delivers the code to a real SMTP server', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      await smtpProvider(`smtp://127.0.0.1:${port}`, 'codes@acme.example').send(message);
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('codes@acme.example');
      expect(received[0]!.to).toEqual(['asha@example.com']);
      expect(received[0]!.data).toContain('Subject: 042137 is your Acme verification code');
      expect(received[0]!.data).toContain('042137 is your Acme code to sign in. It expires in 10 minutes.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('fails with a clear error when the server is unreachable', async () => {
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    await expect(smtpProvider(`smtp://127.0.0.1:${port}`, 'a@b.c').send(message)).rejects.toThrow(/^Could not send e-mail through SMTP: /);
  });
});

describe('the SMS HTTP provider', () => {
  async function gateway(handler: http.RequestListener) {
    const server = http.createServer(handler);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/sms`, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
  }
  const sms: OtpMessage = { ...message, channel: 'mobile', to: '+919876543210' };

  it('POSTs { to, message } as JSON with the Bearer token', async () => {
    const seen: Array<{ auth?: string; type?: string; body: unknown }> = [];
    const gw = await gateway((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(body) });
        res.writeHead(202).end();
      });
    });
    try {
      await smsHttpProvider(gw.url, 'tok123').send(sms);
      expect(seen).toEqual([
        { auth: 'Bearer tok123', type: 'application/json', body: { to: '+919876543210', message: '042137 is your Acme code to sign in. It expires in 10 minutes. Do not share it with anyone.' } },
      ]);
    } finally {
      await gw.close();
    }
  });

  it('fails clearly on an error status and on a gateway that does not answer in time', async () => {
    const failing = await gateway((_req, res) => res.writeHead(503).end());
    try {
      await expect(smsHttpProvider(failing.url, undefined).send(sms)).rejects.toThrow(/^Could not send SMS through 127\.0\.0\.1:\d+: HTTP 503$/);
    } finally {
      await failing.close();
    }
    const silent = await gateway(() => {});
    try {
      await expect(smsHttpProvider(silent.url, undefined, 200).send(sms)).rejects.toThrow(/no answer within 200 ms$/);
    } finally {
      await silent.close();
    }
  });
});

describe('a one-time code in the customer\'s language', () => {
  const base = { channel: 'mobile' as const, to: '+919876543210', code: '123456', clientId: 'c1', brandName: 'Acme' };
  it('is written in the language given, with the code and brand as they are', () => {
    const hi = messageText({ ...base, purpose: 'LOGIN', locale: 'hi' });
    expect(hi.text).toBe('123456 Acme में साइन इन करने का आपका कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी को न बताएँ।');
    expect(hi.subject).toBe('123456 आपका Acme जाँच कोड है');
    expect(messageText({ ...base, purpose: 'FORGOT PASSWORD', locale: 'ta' }).text).toContain('கடவுச்சொல்லை மாற்றுவதற்கான');
  });

  it('keeps the English words when no language is given', () => {
    expect(messageText({ ...base, purpose: 'SIGNUP' }).text).toBe('123456 is your Acme code to create your account. It expires in 10 minutes. Do not share it with anyone.');
    expect(messageText({ ...base, purpose: 'VERIFY', locale: 'en' }).subject).toBe('123456 is your Acme verification code');
  });
});

describe('a security notice in the owner\'s language', () => {
  // Security notices go through the message outbox (lib/messaging/queue.ts), written in the language
  // enqueueCustomerMessage chose (the owner's); their words are the catalogues' mail.* texts.
  it('is written in the language given, the brand named as it is', () => {
    const hi = renderMessage('password-changed', 'hi', { brand: 'Acme' });
    expect(hi.subject).toBe('Acme: आपका पासवर्ड बदल दिया गया');
    expect(hi.body).toContain('"पासवर्ड भूल गए?"');
    expect(renderMessage('upi-changed', 'te', { brand: 'Acme' }).body).toContain('క్యాష్‌బ్యాక్');
    expect(renderMessage('contact-changed', 'hi', { brand: 'Acme', contact: 'n***@example.com' }).body).toContain('n***@example.com');
  });

  it('has the English words of every notice', () => {
    expect(renderMessage('password-changed', 'en', { brand: 'Acme' })).toEqual({
      subject: 'Acme: Your password was changed',
      body: 'The password of your account was changed and every other session was signed out. If this was not you, reset your password now with "Forgot password".',
    });
    expect(renderMessage('signup-attempt', 'en', { brand: 'Acme' }).subject).toBe('Acme: Someone tried to create an account with your contact');
    expect(renderMessage('account-reclaimed-signup', 'en', { brand: 'Acme' }).body).toMatch(/with the password you just chose/);
    expect(renderMessage('contact-changed', 'en', { brand: 'Acme', contact: 'n***@example.com' }).body).toMatch(/was changed to n\*\*\*@example\.com.*contact Acme at once/);
  });
});
