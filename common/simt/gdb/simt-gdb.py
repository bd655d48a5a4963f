"""gdb support for programs that run CUDA kernels on simt, the CPU emulator.

Each GPU thread is a C++20 coroutine that a worker thread of the program resumes, so gdb stops in
kernel code as in any C++ function and shows its locals. This adds what gdb cannot know:

  $threadIdx, $blockIdx, $blockDim, $gridDim
      the GPU thread gdb stopped in (set at every stop and before every prompt, for the selected
      thread); in a breakpoint condition they are read when the breakpoint is hit:
      break kernels.cuh:12 if $threadIdx.x == 5 && $blockIdx.x == 1
  info simt-threads
      every GPU thread of the block gdb stopped in, and its state: running, exited, waiting at
      __syncthreads() at line N, ready, not started yet.

Loaded by `source <this file>`, or automatically for programs built with simt_add_kernels()
once gdb may load scripts from its directory (add-auto-load-safe-path).
"""

import re

import gdb

# Where the emulator keeps what each built-in variable reads, for the running GPU thread of the
# worker thread gdb has selected (a thread_local of the program).
_CONTEXT = "simt::detail::current_thread"
_BUILTINS = {
    "threadIdx": _CONTEXT + ".slot->index",
    "blockIdx": _CONTEXT + ".block_idx",
    "blockDim": _CONTEXT + ".block_dim",
    "gridDim": _CONTEXT + ".grid_dim",
}
_IN_CONDITION = re.compile(r"\$(" + "|".join(_BUILTINS) + r")\b")


def _running_gpu_thread():
    """True when the selected thread is a worker that runs a GPU thread (a null slot: it does
    not); None when the program's state cannot be read (no process, no debug information)."""
    try:
        return int(gdb.parse_and_eval(_CONTEXT + ".slot")) != 0
    except gdb.error:
        return None


def _refresh(_event=None):
    """Sets $threadIdx and friends for the selected thread, or clears them outside kernel code."""
    running = gdb.selected_thread() is not None and _running_gpu_thread()
    for name, expression in _BUILTINS.items():
        value = None
        if running:
            value = gdb.parse_and_eval(expression)
            value.fetch_lazy()  # now: the variable keeps this GPU thread's value
        gdb.set_convenience_variable(name, value)


def _read_at_hit(breakpoint):
    """A condition is evaluated when its breakpoint is hit, before any stop event: a name such as
    $threadIdx in it becomes the expression it stands for, which is read then."""
    condition = breakpoint.condition
    if condition and _IN_CONDITION.search(condition):
        breakpoint.condition = _IN_CONDITION.sub(
            lambda m: "(" + _BUILTINS[m.group(1)] + ")", condition)


class InfoSimtThreads(gdb.Command):
    """List the GPU threads of the block gdb stopped in, and where each one is.

Usage: info simt-threads
Select a thread stopped in kernel code first (`info threads`, `thread N`)."""

    def __init__(self):
        super().__init__("info simt-threads", gdb.COMMAND_STATUS)

    def invoke(self, argument, from_tty):
        running = _running_gpu_thread()
        if running is None:
            raise gdb.GdbError("simt: the program's emulator state cannot be read here (is the "
                               "program running, and built with -g?)")
        if not running:
            raise gdb.GdbError("simt: the selected thread runs no GPU thread; select one stopped "
                               "in kernel code (`info threads`, then `thread N`)")
        # The call runs in the program: other worker threads stay stopped meanwhile, so they
        # neither change the state read nor hit a breakpoint inside the call.
        locking = gdb.parameter("scheduler-locking")
        gdb.execute("set scheduler-locking on", to_string=True)
        try:
            text = gdb.parse_and_eval("(const char *) simt_debugger_block_threads()").string()
        finally:
            gdb.execute("set scheduler-locking " + locking, to_string=True)
        where = gdb.selected_frame().find_sal()
        if where.symtab is not None:
            place = "%s:%d" % (where.symtab.filename.rsplit("/", 1)[-1], where.line)
            text = re.sub(r": running$", ": running, at " + place, text, flags=re.M)
        gdb.write(text)


gdb.events.stop.connect(_refresh)
gdb.events.before_prompt.connect(_refresh)
gdb.events.breakpoint_created.connect(_read_at_hit)
gdb.events.breakpoint_modified.connect(_read_at_hit)
InfoSimtThreads()
