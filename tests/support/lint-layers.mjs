// Lints small sources as if they sat at the given paths, with the project's own ESLint config,
// and prints the rule ids each one breaks. Run by tests/unit/lib/layers.test.ts in a child
// process, because jest cannot load the ES-module config. Input (stdin): [{ path, code }].
import { ESLint } from 'eslint';

const cases = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
}));
// import/no-cycle reads the linted file from disk to follow its imports; these sources have none
// on disk, and the boundaries are what is checked here.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const answers = [];
for (const { path, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath: path });
  answers.push({
    path,
    code,
    rules: [...new Set((result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`))].sort(),
  });
}
process.stdout.write(JSON.stringify(answers));
