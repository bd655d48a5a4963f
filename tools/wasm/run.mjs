// Runs a sample built as WebAssembly (the `wasm` preset: build/wasm/bin/<chapter>.wasm) under
// node, through the same WASI implementation as the pages' Run panels (docs/run_panel/wasi.js):
//   node tools/wasm/run.mjs build/wasm/bin/01_vector_add.wasm [options...]
// Its output and exit status are the sample's.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Wasi } from '../../docs/run_panel/wasi.js';

const [path, ...options] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: node tools/wasm/run.mjs MODULE.wasm [options...]\n');
  process.exit(2);
}
const wasi = new Wasi({
  args: [basename(path, '.wasm'), ...options],
  write: (fd, text) => (fd === 2 ? process.stderr : process.stdout).write(text),
});
const module = await WebAssembly.compile(await readFile(path));
const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.imports });
process.exitCode = wasi.start(instance);
