// Runs the native attention-lens CLI for the tests.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cli = process.env.ATTENTION_LENS_CLI ?? join(root, 'build', 'native', 'attention-lens');

// { status, stdout, stderr } of one run; input goes to stdin.
export function run(args, input = '') {
  const r = spawnSync(cli, args, { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) throw r.error;
  return r;
}

export function runJson(args, input = '') {
  const r = run(['--json', ...args], input);
  if (r.status !== 0) throw new Error(`attention-lens exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// Streams a large --json run: the CLI prints one matrix row per line, so rows can be checked
// without holding hundreds of MB of JSON. Calls onRow(numbers) for each row line.
export function streamRows(args, input, onRow) {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ['--json', ...args]);
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const m = /^(\[[^[\]]*\])/.exec(line);
      if (m) onRow(JSON.parse(m[1]));
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
    child.stdin.end(input);
  });
}

export const sumOf = (row) => row.reduce((a, b) => a + b, 0);
