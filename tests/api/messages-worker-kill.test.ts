import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LEASE_SECONDS } from '@/lib/messaging/worker';
import { itOncePerRun } from '../support/once';

// The message worker killed mid-send (issue 31, docs/messages.md): a server process delivering
// SMS through the gateway is killed (SIGKILL) while the gateway holds its answers; a new process,
// after the lease, delivers every message, and the gateway has each exactly once (one delivery per
// idempotency key; a repeat is answered with the first delivery's id, as a gateway honouring the
// key does). The worker runs in processes of its own (tests/support/run-message-worker.mjs) on a
// data folder of its own.

type Out = { code: number | null; stdout: string };

function worker(env: Record<string, string>, args: string[], onSpawn?: (kill: () => void) => void): Promise<Out> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--no-warnings', 'tests/support/run-message-worker.mjs', ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', SESSION_SECRET: '', DEMO_BRAND: 'off', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout }));
    onSpawn?.(() => child.kill('SIGKILL'));
  });
}

describe('the worker killed mid-send', () => {
  itOncePerRun(
    'delivers every message exactly once after the restart',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'msg-kill-'));
      const delivered = new Map<string, string>();
      const requests: string[] = [];
      let holding = true;
      let kill: (() => void) | undefined;
      const held: http.ServerResponse[] = [];
      const gateway = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          const key = String(req.headers['idempotency-key']);
          expect(JSON.parse(raw)).toMatchObject({ to: '+919812345678', dltTemplateId: '1107160000000000001', reference: key });
          requests.push(key);
          if (!delivered.has(key)) delivered.set(key, `gw-${delivered.size + 1}`);
          // The first two answers reach the worker; from the third on the gateway accepts and holds, and the worker is killed.
          if (holding && requests.length >= 3) {
            held.push(res);
            kill?.();
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messageId: delivered.get(key) }));
        });
      });
      await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', () => r()));
      const env = { DATA_DIR: dir, SMS_HTTP_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send` };
      try {
        const seeded = await worker(env, ['seed', '6']);
        expect(seeded.code).toBe(0);
        const { clientId } = JSON.parse(seeded.stdout) as { clientId: string };

        const killed = await worker(env, ['work'], (k) => (kill = k));
        expect(killed.code).toBeNull(); // ended by the signal
        holding = false;
        for (const r of held) r.destroy();

        const restarted = await worker({ ...env, MESSAGE_NOW_OFFSET_MS: String((LEASE_SECONDS + 1) * 1000) }, ['work']);
        expect(restarted.code).toBe(0);

        const report = await worker(env, ['report', clientId]);
        const rows = (JSON.parse(report.stdout) as { channel: string; state: string; idempotencyKey: string; providerMessageId: string }[]).filter((r) => r.channel === 'sms');
        expect(rows).toHaveLength(6);
        for (const r of rows) {
          expect(r.state).toBe('sent');
          expect(r.providerMessageId).toBe(delivered.get(r.idempotencyKey));
        }
        expect(delivered.size).toBe(6); // one delivery per message
        expect(new Set(requests)).toEqual(new Set(rows.map((r) => r.idempotencyKey)));
        expect(requests.length).toBeGreaterThan(6); // some were sent twice, and delivered once
      } finally {
        for (const r of held) r.destroy();
        await new Promise<void>((r) => {
          gateway.close(() => r());
          gateway.closeAllConnections();
        });
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
