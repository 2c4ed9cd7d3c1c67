// Runs a wasm32-wasip1 program (a test binary, the tool) under node's WASI, with its arguments
// and the environment; the exit code is the program's. Cargo calls it as the target's runner:
//   CARGO_TARGET_WASM32_WASIP1_RUNNER="node --no-warnings .ci/wasi-run.mjs"
// Cargo runs tests in the package directory, and the tests find their data under its absolute
// path (CARGO_MANIFEST_DIR): that directory is opened to the program under its own path and as
// the current directory, nothing else of the file system.
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import process from 'node:process';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('usage: node .ci/wasi-run.mjs PROGRAM.wasm [ARGS...]');
  process.exit(2);
}
const here = process.cwd();
const wasi = new WASI({
  version: 'preview1',
  args: [program, ...args],
  env: process.env,
  preopens: { '.': here, [here]: here },
  returnOnExit: true,
});
const module = await WebAssembly.compile(await readFile(program));
// node before 19.8 has no getImportObject.
const imports = wasi.getImportObject?.() ?? { wasi_snapshot_preview1: wasi.wasiImport };
const instance = await WebAssembly.instantiate(module, imports);
process.exitCode = wasi.start(instance);
