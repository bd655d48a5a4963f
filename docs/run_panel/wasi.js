// The part of WASI (preview 1) that the samples built as WebAssembly use: their arguments and
// environment, the clocks, random bytes, and standard output and error, which arrive through
// `write(fd, text)` as the module writes them. There is no file system: opening a file fails as
// it does for a path the host has not lent (the samples' --csv says it cannot write the file).
// The same module runs the samples in the pages' Web Workers and under node (tools/wasm/run.mjs).

const errno = { success: 0, badf: 8, inval: 28, noent: 44, nosys: 52, spipe: 70, notcapable: 76 };

/** Thrown by proc_exit to leave the module: the program's exit status. */
export class WasiExit extends Error {
  constructor(code) {
    super(`exit ${code}`);
    this.code = code;
  }
}

export class Wasi {
  /**
   * @param {{args: string[], env?: Object<string, string>, write: (fd: number, text: string) => void}} options
   *   args[0] is the program's name; write receives standard output (fd 1) and error (fd 2).
   */
  constructor({ args, env = {}, write }) {
    this.args = args.map((a) => new TextEncoder().encode(`${a}\0`));
    this.env = Object.entries(env).map(([k, v]) => new TextEncoder().encode(`${k}=${v}\0`));
    this.write = write;
    this.decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
    this.memory = null;
    this.imports = this.#imports();
  }

  /** Runs the module's _start; returns its exit status. */
  start(instance) {
    this.memory = instance.exports.memory;
    try {
      instance.exports._start();
      return 0;
    } catch (e) {
      if (e instanceof WasiExit) return e.code;
      throw e;
    } finally {
      for (const fd of [1, 2]) {
        const rest = this.decoders[fd].decode();
        if (rest) this.write(fd, rest);
      }
    }
  }

  #view() {
    return new DataView(this.memory.buffer);
  }

  #bytes(pointer, length) {
    return new Uint8Array(this.memory.buffer, pointer, length);
  }

  // Writes strings (each NUL-terminated already) and a table of pointers to them.
  #strings(list, table, buffer) {
    const view = this.#view();
    for (const s of list) {
      view.setUint32(table, buffer, true);
      table += 4;
      this.#bytes(buffer, s.length).set(s);
      buffer += s.length;
    }
    return errno.success;
  }

  #sizes(list, count, bytes) {
    const view = this.#view();
    view.setUint32(count, list.length, true);
    view.setUint32(bytes, list.reduce((sum, s) => sum + s.length, 0), true);
    return errno.success;
  }

  #imports() {
    const standard = (fd) => fd >= 0 && fd <= 2;
    return {
      args_get: (table, buffer) => this.#strings(this.args, table, buffer),
      args_sizes_get: (count, bytes) => this.#sizes(this.args, count, bytes),
      environ_get: (table, buffer) => this.#strings(this.env, table, buffer),
      environ_sizes_get: (count, bytes) => this.#sizes(this.env, count, bytes),
      clock_time_get: (id, _precision, time) => {
        // 0: the real-time clock; the others: monotonic, from the page's (or node's) timer.
        const ns = id === 0 ? BigInt(Date.now()) * 1000000n
                            : BigInt(Math.round(performance.now() * 1e6));
        this.#view().setBigUint64(time, ns, true);
        return errno.success;
      },
      clock_res_get: (_id, resolution) => {
        this.#view().setBigUint64(resolution, 1000n, true);
        return errno.success;
      },
      random_get: (buffer, length) => {
        const bytes = this.#bytes(buffer, length);
        if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
        else for (let i = 0; i < length; ++i) bytes[i] = Math.floor(Math.random() * 256);
        return errno.success;
      },
      fd_write: (fd, iovs, count, written) => {
        if (fd !== 1 && fd !== 2) return errno.badf;
        const view = this.#view();
        let total = 0;
        for (let i = 0; i < count; ++i) {
          const pointer = view.getUint32(iovs + 8 * i, true);
          const length = view.getUint32(iovs + 8 * i + 4, true);
          const text = this.decoders[fd].decode(this.#bytes(pointer, length), { stream: true });
          if (text) this.write(fd, text);
          total += length;
        }
        view.setUint32(written, total, true);
        return errno.success;
      },
      fd_read: (fd, _iovs, _count, read) => {
        if (!standard(fd)) return errno.badf;
        this.#view().setUint32(read, 0, true);  // standard input is empty
        return errno.success;
      },
      fd_fdstat_get: (fd, stat) => {
        if (!standard(fd)) return errno.badf;
        const view = this.#view();
        view.setUint8(stat, 2);  // a character device
        view.setUint16(stat + 2, 0, true);
        view.setBigUint64(stat + 8, 0xffffffffn, true);
        view.setBigUint64(stat + 16, 0xffffffffn, true);
        return errno.success;
      },
      fd_fdstat_set_flags: (fd) => (standard(fd) ? errno.success : errno.badf),
      fd_prestat_get: () => errno.badf,  // no directory is lent to the module
      fd_prestat_dir_name: () => errno.badf,
      fd_close: (fd) => (standard(fd) ? errno.success : errno.badf),
      fd_seek: (fd) => (standard(fd) ? errno.spipe : errno.badf),
      path_open: () => errno.notcapable,
      path_filestat_get: () => errno.notcapable,
      poll_oneoff: () => errno.nosys,
      sched_yield: () => errno.success,
      proc_exit: (code) => {
        throw new WasiExit(code);
      },
    };
  }
}
