// Runs one sample in a Web Worker, so that the page stays responsive and Stop can end it at any
// point: {module, program, args} in; its output ({kind: 'output', fd, text}) as it comes, then
// {kind: 'exit', code, seconds} or {kind: 'error', message} (a trap: the module ended abnormally).
import { Wasi } from './wasi.js';

self.onmessage = async ({ data: { module, program, args } }) => {
  try {
    const bytes = await (await fetch(module)).arrayBuffer();
    const compiled = await WebAssembly.compile(bytes);
    const wasi = new Wasi({
      args: [program, ...args],
      write: (fd, text) => self.postMessage({ kind: 'output', fd, text }),
    });
    const instance = await WebAssembly.instantiate(compiled,
                                                   { wasi_snapshot_preview1: wasi.imports });
    const started = performance.now();
    const code = wasi.start(instance);
    self.postMessage({ kind: 'exit', code, seconds: (performance.now() - started) / 1000 });
  } catch (error) {
    self.postMessage({ kind: 'error', message: String(error) });
  }
};
