// Prints the runtime it ends up on (tests/unit/launcher/runtime.test.ts); `--exit N` exits with N.
import '../../scripts/runtime.mjs';

const args = process.argv.slice(2);
console.log(JSON.stringify({ version: process.version, args, execArgv: process.execArgv, path: process.env.PATH }));
const i = args.indexOf('--exit');
if (i >= 0) process.exit(Number(args[i + 1]));
