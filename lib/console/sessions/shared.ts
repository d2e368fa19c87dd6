import 'server-only';
import { env } from '@/lib/edge/env';

export const idleMs = () => env().CONSOLE_IDLE_MINUTES * 60_000;
