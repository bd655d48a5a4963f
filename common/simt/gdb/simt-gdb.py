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

Everything here reads the program's memory (the emulator's own records, through its debug
information) and never calls a function of the program: it works wherever gdb can read memory,
a core file included, and on machines where gdb cannot run code in the program.

Loaded by `source <this file>`, or automatically for programs built with simt_add_kernels()
once gdb may load scripts from its directory (add-auto-load-safe-path).
"""

import re
import struct

import gdb

_BUILTINS = {
    "threadIdx": lambda context: context["slot"].dereference()["index"],
    "blockIdx": lambda context: context["block_idx"],
    "blockDim": lambda context: context["block_dim"],
    "gridDim": lambda context: context["grid_dim"],
}
_IN_CONDITION = re.compile(r"\$(" + "|".join(_BUILTINS) + r")(?:\.([xyz]))?\b")
_WARP_SIZE = 32


def _context():
    """The ThreadContext of the GPU thread the selected worker runs (what its `threadIdx` and
    friends read), found in the emulator's table of running workers (simt_debugger_workers) by
    the selected thread's LWP; None when it runs none. Raises gdb.error when the table cannot be
    read (no program or core file, no debug information)."""
    thread = gdb.selected_thread()
    if thread is None:
        return None
    lwp = thread.ptid[1]
    # Entries of two words, {long tid, ThreadContext* context}, known by their symbols alone
    # (the library may have no debug information; ThreadContext comes from the kernels'), read
    # in one piece: this runs at every hit of a breakpoint whose condition names $threadIdx.
    address = int(gdb.parse_and_eval("(long) &simt_debugger_workers"))
    entries = int(gdb.parse_and_eval("*(int *) &simt_debugger_worker_entries"))
    word = gdb.lookup_type("long").sizeof
    table = gdb.selected_inferior().read_memory(address, 2 * word * entries).tobytes()
    for tid, context in struct.iter_unpack("=qQ" if word == 8 else "=iI", table):
        if tid == lwp:
            if context == 0:
                return None
            pointer = gdb.lookup_type("simt::detail::ThreadContext").pointer()
            context = gdb.Value(context).cast(pointer)
            if int(context["slot"]) == 0:
                return None
            return context.dereference()
    return None


def _running_context():
    """The selected worker's ThreadContext, None when it runs no GPU thread, or False when the
    program's state cannot be read here."""
    try:
        return _context()
    except gdb.error:
        return False


def _refresh(_event=None):
    """Sets $threadIdx and friends for the selected thread, or clears them outside kernel code."""
    context = _running_context()
    for name, read in _BUILTINS.items():
        value = None
        if context:
            try:
                value = read(context)
                value.fetch_lazy()  # now: the variable keeps this GPU thread's value
            except gdb.error:
                value = None
        gdb.set_convenience_variable(name, value)


class _BuiltinAtHit(gdb.Function):
    """$_simt_threadIdx() and friends, and $_simt_threadIdx_x() for one component: the built-in
    variable of the GPU thread the selected worker runs, read when called (as a breakpoint's
    condition is, at each hit). A component has a function of its own because gdb checks a
    condition's types with every function taken to return an int."""

    def __init__(self, name, component=None):
        super().__init__("_simt_" + name + ("_" + component if component else ""))
        self.name = name
        self.component = component

    def invoke(self):
        context = _context()
        if context is None:
            raise gdb.GdbError("simt: the selected thread runs no GPU thread")
        value = _BUILTINS[self.name](context)
        return value[self.component] if self.component else value


def _read_at_hit(breakpoint):
    """A condition is evaluated when its breakpoint is hit, before any stop event: a name such as
    $threadIdx.x in it becomes $_simt_threadIdx_x(), which reads it then."""
    condition = breakpoint.condition
    if condition and _IN_CONDITION.search(condition):
        breakpoint.condition = _IN_CONDITION.sub(
            lambda m: "$_simt_%s()" % "_".join(part for part in m.groups() if part), condition)


# The emulator's records, read from memory. These mirror what the emulator's own reports read
# (common/simt/src/waiting_threads.cpp, unit_state.cpp): keep them in step with those structs.

def _vector_bounds(value):
    """A std::vector's first element and its end, as pointers (libstdc++'s layout, or libc++'s)."""
    try:
        return value["_M_impl"]["_M_start"], value["_M_impl"]["_M_finish"]
    except gdb.error:
        return value["__begin_"], value["__end_"]


def _vector(value):
    """The elements of a std::vector, read from memory."""
    begin, end = _vector_bounds(value)
    return [(begin + i).dereference() for i in range(int(end - begin))]


def _string(pointer):
    """A `const char*` of the program, or None for a null one."""
    return None if int(pointer) == 0 else pointer.string()


def _location(location):
    """(file, function, line) of a std::source_location."""
    try:
        impl = location["_M_impl"]
        names = ("_M_file_name", "_M_function_name", "_M_line")
    except gdb.error:
        impl = location["__ptr_"]
        names = ("__file_", "__function_", "__line_")
    if int(impl) == 0:
        return "", "", 0
    impl = impl.dereference()
    return _string(impl[names[0]]) or "", _string(impl[names[1]]) or "", int(impl[names[2]])


def _describe_site(site):
    """'__syncthreads() at kernels.cuh:12', as the emulator's reports write a site."""
    site = site.dereference()
    file, _, line = _location(site["location"])
    return "%s at %s:%d" % (_string(site["text"]) or "", file.rsplit("/", 1)[-1], line)


def _function_of(site):
    """The kernel a site is in, as the emulator names it (its function without the lambda)."""
    name = _location(site.dereference()["location"])[1]
    name = name.split("::<lambda()>", 1)[0]
    if not name.startswith("void ") and " " not in name:
        name = "void " + name
    return name


def _kernel_name(unit):
    """The running kernel's name: the registered one, or the function of a site it declared."""
    name = _string(unit["kernel"])
    if name is not None:
        return name
    if int(unit["dynamic_declared"]) != 0:
        return _function_of(unit["dynamic_declared"])
    variables = _vector(unit["layout"]["variables"])
    if variables:
        return _function_of(variables[0]["declared"])
    return "?"


def _xyz(value):
    return int(value["x"]), int(value["y"]), int(value["z"])


def _index_text(xyz):
    return "(%d, %d, %d)" % xyz


def _unflatten(rank, dim):
    return rank % dim[0], rank // dim[0] % dim[1], rank // (dim[0] * dim[1])


def _recorded_wait(scheduling, warps, rank):
    """Where thread `rank` waits by its block's records (a warp collective, a completion wait, a
    stray barrier), or None."""
    lanes = warps[rank // _WARP_SIZE]
    lane = rank % _WARP_SIZE
    if (int(lanes["arrived"]) >> lane) & 1:
        return lanes["lanes"][lane].dereference()["site"]
    for entries in ("completion_waits", "strays"):
        for entry in _vector(scheduling[entries]):
            if int(entry["rank"]) == rank:
                return entry["site"]
    return None


def _thread_states(context):
    """What each thread of the running thread's block does, by rank (as the scheduler's records
    say: threads run one at a time, each until it waits or exits)."""
    block = context["block"].dereference()
    unit = context["unit"].dereference()
    scheduling = block["scheduling"]
    count = int(unit["threads_per_block"])
    running = int(context["slot"]["rank"])
    # The chain being run ends with a slot of rank `count`, which returns to the scheduler.
    to_run = set()
    slot = context["slot"] + 1
    while int(slot["rank"]) < count:
        to_run.add(int(slot["rank"]))
        slot += 1
    main_chain = int(context["chain_begin"]) == int(_vector_bounds(scheduling["chain"])[0])
    starting = bool(unit["starting"])
    warps = _vector(scheduling["warps"])
    last_barrier = block["last_barrier_site"]
    barrier = scheduling["barrier_site"]
    states = []
    for rank in range(count):
        site = _recorded_wait(scheduling, warps, rank)
        if rank == running:
            states.append("running")
        elif (int(warps[rank // _WARP_SIZE]["exited"]) >> (rank % _WARP_SIZE)) & 1:
            states.append("exited")
        elif site is not None and int(site) != 0:
            states.append("waiting at " + _describe_site(site))
        elif rank in to_run and starting:
            states.append("not started yet")
        elif rank in to_run and main_chain and int(last_barrier) != 0:
            states.append("ready, resumes after " + _describe_site(last_barrier))
        elif rank in to_run:
            states.append("ready")
        elif int(barrier) != 0:
            states.append("waiting at " + _describe_site(barrier))
        else:
            states.append("waiting")
    return states


def describe_running_block(context):
    """The block of the GPU thread of `context`, its threads grouped by state."""
    unit = context["unit"].dereference()
    count = int(unit["threads_per_block"])
    block_dim = _xyz(context["block_dim"])
    lines = ["kernel '%s', block %s of grid %s, %d threads of block %s:" % (
        _kernel_name(unit), _index_text(_xyz(context["block_idx"])),
        _index_text(_xyz(context["grid_dim"])), count, _index_text(block_dim))]
    states = _thread_states(context)
    first = 0
    while first < count:  # runs of consecutive ranks in one state
        last = first
        while last + 1 < count and states[last + 1] == states[first]:
            last += 1
        who = "thread " + _index_text(_unflatten(first, block_dim))
        if last != first:
            who = "threads %s-%s" % (_index_text(_unflatten(first, block_dim)),
                                     _index_text(_unflatten(last, block_dim)))
        lines.append("  %s: %s" % (who, states[first]))
        first = last + 1
    return "\n".join(lines) + "\n"


class InfoSimtThreads(gdb.Command):
    """List the GPU threads of the block gdb stopped in, and where each one is.

Usage: info simt-threads
Select a thread stopped in kernel code first (`info threads`, `thread N`). Reads the program's
memory only, so it works on a core file too."""

    def __init__(self):
        super().__init__("info simt-threads", gdb.COMMAND_STATUS)

    def invoke(self, argument, from_tty):
        context = _running_context()
        if context is False:
            raise gdb.GdbError("simt: the program's emulator state cannot be read here (is there "
                               "a program or a core file, built with -g?)")
        if context is None:
            raise gdb.GdbError("simt: the selected thread runs no GPU thread; select one stopped "
                               "in kernel code (`info threads`, then `thread N`)")
        try:
            text = describe_running_block(context)
        except gdb.MemoryError as error:
            raise gdb.GdbError("simt: the emulator's records of this block cannot be read (%s)"
                               % error)
        where = gdb.selected_frame().find_sal()
        if where.symtab is not None:
            place = "%s:%d" % (where.symtab.filename.rsplit("/", 1)[-1], where.line)
            text = re.sub(r": running$", ": running, at " + place, text, flags=re.M)
        gdb.write(text)


gdb.events.stop.connect(_refresh)
# A core file has no stop: its threads are there once its shared libraries are loaded, which
# may be before or after this script is.
gdb.events.new_objfile.connect(_refresh)
gdb.events.before_prompt.connect(_refresh)
gdb.events.breakpoint_created.connect(_read_at_hit)
gdb.events.breakpoint_modified.connect(_read_at_hit)
for _name in _BUILTINS:
    for _component in (None, "x", "y", "z"):
        _BuiltinAtHit(_name, _component)
InfoSimtThreads()
_refresh()
