// The native build (Eigen kernels), run as a separate process on the same inputs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../build/native/attention-bench', import.meta.url));

export const nativePeer = {
  name: 'attention-lens native (Eigen)',
  native: true, // times itself: run(reps) returns { times, output }
  async setup({ n, d, heads, x, weights }) {
    const dir = mkdtempSync(join(tmpdir(), 'al-bench-'));
    return {
      run(reps) {
        const header = new Uint32Array([n, d, heads, reps]);
        const input = join(dir, 'in.bin'),
          output = join(dir, 'out.bin');
        writeFileSync(
          input,
          Buffer.concat([header, weights, x].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))),
        );
        const r = spawnSync(BIN, [input, output], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`attention-bench failed: ${r.stderr || r.error}`);
        const bytes = readFileSync(output);
        return {
          times: JSON.parse(r.stdout).times_ms,
          output: new Float32Array(bytes.buffer, bytes.byteOffset, n * d),
        };
      },
      dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};
