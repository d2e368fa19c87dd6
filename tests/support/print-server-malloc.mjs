// Prints the malloc settings the server's launcher ends up with (tests/unit/launcher/runtime.test.ts).
import { ensureServerMalloc } from '../../scripts/runtime.mjs';

await ensureServerMalloc();
console.log(JSON.stringify({ pid: process.pid, ppid: process.ppid, mmap: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, trim: process.env.MALLOC_TRIM_THRESHOLD_ ?? null }));
