// Types for scripts/operator-listener.mjs (used by the API tests).
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export const CHANNEL_HEADER: string;
export function ensureChannelToken(): string;
export function isOperatorPath(url: string | undefined): boolean;
export function refusePublicOperator(req: IncomingMessage, res: ServerResponse): boolean;
export function socketAnswers(socketPath: string): Promise<boolean>;
export function removeServerInfoIfOurs(file: string): void;
export function startOperatorListener(opts: { dir: string; handle: Handler }): Promise<{ socketPath: string; close: () => Promise<void> }>;
