"""Kernels whose block barriers every thread reaches together run as loops over the block's
threads, with no coroutine per thread.

A kernel qualifies when its only suspension points are `__syncthreads();` statements and every
one of them sits in what the whole block runs alike: the kernel's body, and the bodies of `for`,
`while`, `do` and `if` statements whose conditions are *uniform*, built only from literals, the
kernel's parameters (those no thread changes), `blockIdx`, `blockDim`, `gridDim` and local variables
declared and changed only there, from such expressions. Then every thread that has not returned
reaches the same barriers in the same order, and the kernel is one function per block:

- the statements between two barriers (a *run*) become a lambda that the block calls once per
  thread (simt::detail::BlockLoop::threads), in the order the block's chain would run them, so
  each access happens in the same order, and is checked the same, as in the coroutine it was;
- each barrier becomes a call that ends the interval as the scheduler does
  (BlockLoop::barrier), and the uniform statements run once for the block;
- a variable a run declares and a later run reads (a thread's `tid`, its partial sum) lives in a
  per-thread record (`simt_locals`), which each run's lambda names by reference; so does each
  thread's copy of a parameter it changes (`src += offset;`).

A warp collective (`__shfl*_sync`, votes, matches, `__reduce_*_sync`, `__syncwarp`) qualifies
the same way when its mask is uniform and its statement holds no other wait and evaluates the
call's operands first (as C++ orders `v += __shfl_down_sync(m, v, 16)`, or may): the call moves
into a pass of its own before the statement, in which each lane gives its operands
(LoopCollective::arrive), then the block completes the collective for every warp as the scheduler
would (BlockLoop::collective), and the statement runs with the lane's result in the call's place.
Where a shuffle's lane operand and width are uniform too, the record says so (LoopCollective's
OperandsAlike), and the block reads them from a warp's first lane
(Shuffle::for_each_source_of_whole_warp); the local variables they are computed from then count
as needed by the block, which so declares them where their initialisers are uniform.

A `__device__` function that waits (a *helper*) runs as loops with the kernels that call it
where every call is made alike by the whole block, as a barrier is reached (a statement that
evaluates the call first, in uniform code), and its body qualifies as a kernel's does, its only
`return` its last statement and nothing in it showing the order of the threads. It becomes its
record (declared before it: each caller's record holds one per call), an overload with its
parameters that keeps a thread's arguments in that record, and a function template the block
calls with the records (simt::detail::Records, inside the caller's), whose body is the helper's
as loops. A call becomes a pass in which each thread gives its arguments, the helper's loops,
and the statement with the thread's result (`simt_result`) in the call's place. A parameter that
every call gives a uniform argument, and that the helper does not change, is uniform inside it,
read once for the block from the first thread's record. The functions that call one another
(the kernels and their helpers) run as loops together or not at all (_call_groups).

Where two runs follow each other with no barrier between (the statements before a loop and
those the loop begins with), they are two passes over the threads where the coroutines ran
each thread through both: only a race, or what shows the order threads run in (printf, an
atomic's old value, a fault), could tell, and a kernel with such calls on both sides stays a
coroutine (a race is still reported, though it may name another pair of accesses).

Anything else (another kind of wait, a barrier or collective in thread-dependent code, a
collective whose mask may differ between lanes or that is evaluated only where `&&`, `||` or `?:`
say so, two in one statement, a `goto`, a
`break` out of a run, a variable whose type the record cannot spell, volatile memory or a loop
that waits on an atomic or the clock, where threads wait for each other within an interval and
the watchdog's report should say where each waits) leaves the kernel a coroutine, as every
kernel with a barrier was before: this is a faster way to run the same schedule, never a second
meaning. A template kernel qualifies where no variable whose type depends on its parameters
crosses a barrier (a pointer to one may). `simt-translate --no-block-loops` keeps every kernel
that waits a coroutine."""

import clang.cindex as ci

from ..analysis import resolve_suspension
from ..cursors import K, T, annotations, c_string, enclosing_index, key_of, kind_of, \
    overloaded_declarations, strip_implicit
from ..sources import path_of
from ..text_edits import Edits
from . import Rewrite
from .loops_with_checks_known import pragmas_above

BARRIER = "__syncthreads"
# Warp collectives a block loop completes between two passes over the threads, when every lane
# reaches them with the same mask.
WARP_COLLECTIVES = {"__syncwarp", "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                    "__shfl_xor_sync", "__ballot_sync", "__any_sync", "__all_sync",
                    "__match_any_sync", "__match_all_sync", "__reduce_add_sync",
                    "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
                    "__reduce_or_sync", "__reduce_xor_sync", "mma_sync"}
# Those of them that shuffle a value, with a lane operand and a width after it.
SHUFFLES = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"}
# Those of them whose every lane's mask is the whole warp, with no mask among their operands
# (the warp matrix functions' `nvcuda::wmma::mma_sync(d, a, b, c)`).
WHOLE_WARP_COLLECTIVES = {"mma_sync"}
# What a statement may do around its collective's call, which runs in a pass of its own before
# the rest of the statement: what C++ evaluates after the call's operands, or in no set order.
AROUND_COLLECTIVE = {K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                     K.CXX_FUNCTIONAL_CAST_EXPR}
BLOCK_BUILTINS = {"blockIdx", "blockDim", "gridDim"}
ASSIGNMENTS = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
CHANGES = ASSIGNMENTS | {"++", "--"}
SCALAR_TYPES = {T.BOOL, T.CHAR_U, T.UCHAR, T.CHAR16, T.CHAR32, T.USHORT, T.UINT, T.ULONG,
                T.ULONGLONG, T.UINT128, T.CHAR_S, T.SCHAR, T.WCHAR, T.SHORT, T.INT, T.LONG,
                T.LONGLONG, T.INT128, T.FLOAT, T.DOUBLE, T.LONGDOUBLE, T.POINTER, T.ENUM,
                T.HALF}
LITERALS = {K.INTEGER_LITERAL, K.FLOATING_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.CHARACTER_LITERAL,
            K.CXX_NULL_PTR_LITERAL_EXPR}
PASS_THROUGH = {K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                K.CXX_FUNCTIONAL_CAST_EXPR, K.CONDITIONAL_OPERATOR}
REFUSED = {K.GOTO_STMT, K.INDIRECT_GOTO_STMT, K.LABEL_STMT, K.CXX_TRY_STMT}
# Cooperative groups' handles, which hold nothing: a thread's copy crosses barriers as it is.
GROUP_TYPES = {"cooperative_groups::thread_block", "cooperative_groups::grid_group",
               "cooperative_groups::cluster_group"}
# Types a thread's record holds though nvcc cannot copy them (the emulator's are trivial in the
# compiled file): made in the record by placement new where the kernel declares them.
# By clang's spelling (which leaves the enumerator unqualified), as the record spells them.
PLACED_TYPES = {"cuda::pipeline<thread_scope_thread>":
                "::cuda::pipeline<::cuda::thread_scope_thread>"}
# Class templates whose every type the record holds as it is: the emulator's are trivial in the
# compiled file (a default constructor there, which nvcc's lack).
TRIVIAL_TEMPLATES = ("cuda::aligned_size_t<",)
SHADOW_ALLOWED = ('_Pragma("GCC diagnostic push") '
                  '_Pragma("GCC diagnostic ignored \\"-Wshadow\\"")')
SHADOW_END = '_Pragma("GCC diagnostic pop")'
# Calls that, in a loop's condition, make the loop a wait (a substring of the callee's name).
WAITING_WORDS = ("atomic", "clock", "nanosleep")
# Calls whose effect shows the order threads run in (a substring of the callee's name).
ORDER_SENSITIVE_WORDS = ("atomic", "printf", "trap", "assert", "clock", "nanosleep", "malloc",
                         "free", "abort")
LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.CXX_FOR_RANGE_STMT}


class NotUniform(Exception):
    """The kernel stays a coroutine (the reason is for whoever debugs the translation)."""


def rewrite(unit, analysis, progress):
    """Edits the kernels that qualify, with the `__device__` functions they call that wait, and
    takes them out of the suspending functions (so the suspension pass leaves them alone);
    returns the Rewrite and the keys of those kernels."""
    result = Rewrite()
    # (path, offset) of each loop that a kernel run as loops runs at the block's level, each
    # iteration's body one or more passes over the threads (directives.py keeps such a loop
    # rolled).
    result.block_run_loops = set()
    chosen = set()
    if not unit.options.block_loops:
        return result, chosen
    for group in _call_groups(analysis):
        progress.at(group[0].cursor)
        try:
            edits, loops = _plan_group(unit, analysis, group)
        except NotUniform:
            continue
        result.block_run_loops |= loops
        for path_edits in edits:
            kind, path, *rest = path_edits
            e = result.edits.of(path)
            if kind == "replace":
                e.replace(*rest)
            elif kind == "wrap":
                e.wrap(*rest)
            elif kind == "move":
                e.move(*rest)
            else:
                e.insert_first(*rest)
        for f in group:
            f.primitives = []
            f.returns = []
            if f.is_kernel:
                chosen.add(f.key)
    if chosen:
        resolve_suspension(analysis)  # the kernels taken no longer suspend
    return result, chosen


def possible_callees(call):
    """The functions a call may name: its callee, or, where that depends on a template's
    parameters, every declaration its name finds (empty where neither is known)."""
    if call.referenced is not None:
        return [call.referenced]
    children = list(call.get_children())
    for c in children[0].walk_preorder() if children else []:
        if kind_of(c) == K.OVERLOADED_DECL_REF:
            return overloaded_declarations(c)
        if kind_of(c) == K.DECL_REF_EXPR and c.referenced is not None and \
                kind_of(c.referenced) in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
            return [c.referenced]
    return []


def _call_groups(analysis):
    """The kernels that wait, each with the functions that wait that it calls and the other
    kernels that call them: such a group runs as loops as a whole or not at all (a function
    runs as loops only where every caller does). Kernels first, then callees after callers."""
    waiting = {k: f for k, f in analysis.functions.items() if f.suspends}
    callees = {k: set() for k in waiting}
    for k, f in waiting.items():
        for c in f.calls:
            if c.evaluated and analysis.call_suspends(c):
                callees[k].add(c.key)  # None: a call clang could not resolve
    parent = {k: k for k in waiting}

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for k, targets in callees.items():
        for t in targets:
            if t in waiting:
                parent[find(k)] = find(t)
    groups = {}
    for k in waiting:
        groups.setdefault(find(k), []).append(k)
    out = []
    for keys in groups.values():
        functions = [waiting[k] for k in keys]
        if not any(f.is_kernel for f in functions):
            continue
        ordered = [f for f in functions if f.is_kernel]
        placed = {f.key for f in ordered}
        rest = [f for f in functions if not f.is_kernel]
        callers = {f.key: {k for k in keys if f.key in callees[k]} for f in rest}
        while rest:
            ready = [f for f in rest if callers[f.key] <= placed]
            if not ready:
                break  # a cycle (recursion): left as coroutines
            for f in ready:
                ordered.append(f)
                placed.add(f.key)
            rest = [f for f in rest if f.key not in placed]
        if rest or any(None in callees[k] for k in keys):
            continue
        out.append(ordered)
    return out


def _plan_group(unit, analysis, group):
    """The edits of a group that runs as loops, and the loops its functions run at the block's
    level (_Function.block_run_loops); NotUniform where any of it cannot."""
    keys = {f.key for f in group}
    helpers = {}  # key -> _Helper, as their callers (planned first) find their calls
    planned = []
    loops = set()
    for f in group:
        if kind_of(f.cursor) not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) or f.is_lambda:
            raise NotUniform("a method or lambda that waits")
        if not f.is_kernel:
            if kind_of(f.cursor) != K.FUNCTION_DECL:
                raise NotUniform("a template function that waits")
            helper = helpers.get(f.key)
            if helper is None or not helper.calls:
                raise NotUniform("a function that waits and no kernel of the group calls")
            if len(analysis.declarations.get(f.key, [])) != 1 or \
                    any(k == f.key for _, k in analysis.address_taken) or \
                    any(c.key == f.key and not c.evaluated
                        for g in analysis.functions.values() for c in g.calls) or \
                    path_of(f.cursor) != path_of(group[0].cursor) or \
                    kind_of(f.cursor.lexical_parent) not in (K.NAMESPACE, K.TRANSLATION_UNIT):
                # (Its loops are a template, which `extern "C"` would not allow.)
                raise NotUniform("a function that waits, declared twice, in another file, "
                                 "whose address is taken, named in decltype or sizeof, or in "
                                 "extern \"C\"")
        saved = {k: list(h.calls) for k, h in helpers.items()}
        function = _Function(unit, analysis, f, keys, helpers)
        try:
            planned.append(function.plan())
        except NotUniform:
            if not function.shuffle_operand_roots:
                raise
            # The variables a shuffle's lane operand and width come from are the block's only
            # where the function still runs as loops with them so (a thread may change one they
            # are computed from): planned again without them, as its callers found it.
            for k in list(helpers):
                if k in saved:
                    helpers[k].calls[:] = saved[k]
                else:
                    del helpers[k]
            function = _Function(unit, analysis, f, keys, helpers, shuffle_operands_alike=False)
            planned.append(function.plan())
        loops |= function.block_run_loops
    return [e for edits in planned for e in edits], loops


class _Helper:
    """A `__device__` function that waits, as its callers in the group call it: each call's
    arguments, and whether each is uniform there."""

    def __init__(self, function):
        self.f = function
        self.calls = []  # (call cursor, [uniform per argument])
        line = function.cursor.extent.start.line
        self.records = f"simt_records_{function.name}_{line}"
        self.block_function = f"simt_block_{function.name}_{line}"

    def parameters(self):
        return [c for c in self.f.cursor.get_children() if kind_of(c) == K.PARM_DECL]

    def uniform_parameters(self):
        """The parameters every call gives a uniform argument."""
        params = self.parameters()
        out = set()
        for i, p in enumerate(params):
            if all(i < len(flags) and flags[i] for _, flags in self.calls):
                out.add(key_of(p))
        return out


class _Function:
    """A kernel, or a `__device__` function that waits (a *helper*: `helpers[key]` has its calls,
    which its callers, planned first, found), planned and edited to run as loops."""

    def __init__(self, unit, analysis, function, group, helpers, shuffle_operands_alike=True):
        self.sources = unit.sources
        # Whether the variables of shuffles' lane operands and widths count as the block's
        # (needed_at_block_level), so that a warp may read them once (operands_alike()).
        self.shuffle_operands_alike = shuffle_operands_alike
        self.shuffle_operand_roots = set()
        self.analysis = analysis
        self.f = function
        self.cursor = function.cursor
        self.path = path_of(self.cursor)
        self.group = group  # keys of the functions that run as loops with this one
        self.helpers = helpers
        self.helper = None if function.is_kernel else self.helpers[function.key]
        self.helper_calls = {}  # offset -> (call, its parents, the callee's _Helper)
        self.uniform_params = set()  # a helper's parameters every call gives alike
        self.uniform_vars = set()  # keys of uniform local variables
        self.changes_allowed = set()  # offsets of DeclRefExprs where a uniform var may change
        self.edits = []
        self.refs = []  # (DECL_REF_EXPR, parent) in the body
        self.barriers = set()  # offsets of the block barriers' calls
        self.barrier_calls = []
        self.collectives = {}  # offset -> (call, its parents): warp collectives
        self.local_types = []  # the kernel's typedefs and aliases
        self.type_refs = []  # the TYPE_REFs in the body
        self.bare_collectives = set()  # offsets of those that are their statement, with no result
        self.braced = []  # single statements (a loop's body) that a collective makes several
        self.changed_parameters = {}  # key -> PARM_DECL a thread changes
        self.block_run_loops = set()  # (path, offset) of the loops the block runs

    # -- helpers -----------------------------------------------------------------------------

    def tokens(self, cursor):
        return self.sources.tokens(cursor)

    def statement_end(self, cursor):
        """The end of a statement, its `;` included (an expression statement's extent stops
        before it)."""
        tokens = self.tokens(cursor)
        end = cursor.extent.end.offset
        if tokens and tokens[-1].spelling in (";", "}") and tokens[-1].extent.end.offset == end:
            return end
        limit = min(end + 64, len(self.sources.text(self.path)))
        after = self.sources.tokens_between(self.path, end, limit)
        after = [t for t in after if t.extent.start.offset >= end]
        if not after or after[0].spelling != ";":
            raise NotUniform("no ; after a statement")
        return after[0].extent.end.offset

    def is_block_barrier(self, call):
        """`__syncthreads()`, or the sync of a cooperative-groups thread block: `block.sync()`,
        `cg::this_thread_block().sync()`, `cg::sync(block)`."""
        if call.spelling == BARRIER:
            return not list(call.get_arguments())
        if call.spelling != "sync":
            return False
        callee = call.referenced
        if callee is not None and kind_of(callee) == K.CXX_METHOD:
            owner = callee.semantic_parent
            if owner is None or owner.spelling != "thread_block" or list(call.get_arguments()):
                return False
            # What it is called on is dropped with the call: a name or this_thread_block().
            children = list(call.get_children())
            member = children[0] if children else None
            base = list(member.get_children()) if member is not None else []
            if len(base) != 1:
                return False
            target = strip_implicit(base[0])
            return kind_of(target) == K.DECL_REF_EXPR or (
                kind_of(target) == K.CALL_EXPR and target.spelling == "this_thread_block")
        arguments = list(call.get_arguments())
        if len(arguments) != 1:
            return False
        argument = strip_implicit(arguments[0])
        declaration = arguments[0].type.get_canonical().get_declaration()
        return kind_of(argument) == K.DECL_REF_EXPR and declaration is not None and \
            declaration.spelling == "thread_block"

    def contains_wait(self, cursor):
        """Whether a statement holds a barrier, a collective or a call of a helper (a wait of the
        whole block's)."""
        s, e = cursor.extent.start.offset, cursor.extent.end.offset
        return any(s <= b < e for b in self.barriers) or \
            any(s <= c < e for c in self.collectives) or \
            any(s <= c < e for c in self.helper_calls)

    def is_loop_collective(self, call):
        """A warp collective with a uniform mask, written out in the kernel on one line."""
        if call.spelling not in WARP_COLLECTIVES or path_of(call) != self.path or \
                self.sources.within_macro(call) or \
                call.extent.start.line != call.extent.end.line:
            return False
        callee = call.referenced
        return callee is None or callee.location.file is None or \
            not self.sources.is_user_file(callee.location.file.name)

    def collective_statement(self, stmt):
        """The collective's call where `stmt` holds one collective and nothing else that waits,
        and evaluates its call's operands before the rest of it (as C++ orders it, or may);
        else None. Its mask must be uniform (every lane that has not returned reaches it)."""
        s, e = stmt.extent.start.offset, stmt.extent.end.offset
        inside = [o for o in self.collectives if s <= o < e]
        if len(inside) != 1 or any(s <= b < e for b in self.barriers) or \
                any(s <= c < e for c in self.helper_calls):
            return None
        call, parents = self.collectives[inside[0]]
        if not self.evaluated_first(stmt, call, parents):
            return None
        arguments = list(call.get_arguments())
        if call.spelling not in WHOLE_WARP_COLLECTIVES and arguments and \
                not self.is_uniform(arguments[0]):
            return None
        return call

    def collective_items(self, stmt, call):
        """A collective's pass (its operands, then its completion), then the statement with the
        lane's result: none where the statement is the call alone and has no result
        (`__syncwarp(m);`, `wmma::mma_sync(d, a, b, c);`), which would be an empty pass."""
        if strip_implicit(stmt) == call and call.type.get_canonical().kind == T.VOID:
            self.bare_collectives.add(call.extent.start.offset)
            return [("collective", stmt, call)]
        return [("collective", stmt, call), ("run", stmt)]

    def helper_statement(self, stmt):
        """The helper's call where `stmt` holds one call of a helper and nothing else that
        waits, evaluated before the rest of the statement; else None."""
        s, e = stmt.extent.start.offset, stmt.extent.end.offset
        inside = [o for o in self.helper_calls if s <= o < e]
        if len(inside) != 1 or any(s <= b < e for b in self.barriers) or \
                any(s <= c < e for c in self.collectives):
            return None
        call, parents, helper = self.helper_calls[inside[0]]
        if not self.evaluated_first(stmt, call, parents, one_line=False):
            return None
        helper.calls.append((call, [self.is_uniform(a) for a in call.get_arguments()]))
        return call

    def evaluated_first(self, stmt, call, parents, one_line=True):
        """Whether `stmt` may evaluate `call` (with its operands) before the rest of it."""
        chain = list(parents) + [call]
        at = next((i for i, p in enumerate(chain) if p == stmt), None)
        if at is None or self.sources.within_macro(stmt) or \
                (one_line and stmt.extent.start.line != call.extent.start.line):
            return False
        for parent, child in zip(chain[at:], chain[at + 1:]):
            if not self.evaluated_after(parent, child):
                return False
        return not any(kind_of(c) in (K.LAMBDA_EXPR, K.COMPOUND_STMT)
                       for c in call.walk_preorder())

    def evaluated_after(self, parent, child):
        """Whether, in `parent`, everything but `child` may be evaluated after `child`."""
        kind = kind_of(parent)
        children = list(parent.get_children())
        if kind in AROUND_COLLECTIVE or kind == K.RETURN_STMT:
            return True
        if kind == K.UNARY_OPERATOR:
            return self.sources.operator(parent) not in ("++", "--", "&")
        if kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            operator = self.sources.operator(parent)
            if operator is None or operator in (",", "&&", "||"):
                return False
            # `a = b` evaluates b first; a collective in a must not go before b.
            return operator not in ASSIGNMENTS or (len(children) == 2 and child == children[1])
        if kind == K.CALL_EXPR:
            return bool(children) and child != children[0]  # an argument, not the callee
        if kind == K.DECL_STMT:
            return len([c for c in children if kind_of(c) == K.VAR_DECL]) == 1
        if kind == K.VAR_DECL:
            return parent.storage_class not in (ci.StorageClass.STATIC,
                                                ci.StorageClass.EXTERN)
        if kind in (K.IF_STMT, K.CONDITIONAL_OPERATOR):
            return bool(children) and child == children[0]  # the condition, not a branch
        return False

    def is_barrier_statement(self, cursor):
        return kind_of(cursor) == K.CALL_EXPR and cursor.extent.start.offset in self.barriers

    # -- the plan ------------------------------------------------------------------------------

    def plan(self):
        f = self.f
        for call, parents in f.primitives:
            if self.is_loop_collective(call):
                self.collectives[call.extent.start.offset] = (call, parents)
                continue
            if not self.is_block_barrier(call) or path_of(call) != self.path or \
                    self.sources.within_macro(call):
                raise NotUniform("another suspension point")
            self.barriers.add(call.extent.start.offset)
            self.barrier_calls.append(call)
        for c in f.calls:
            if not (c.evaluated and self.analysis.call_suspends(c)):
                continue
            callee = self.analysis.functions.get(c.key)
            if c.key not in self.group or callee is None or \
                    path_of(c.cursor) != self.path or self.sources.within_macro(c.cursor) or \
                    callee.cursor.extent.start.offset > self.cursor.extent.start.offset or \
                    callee.cursor.semantic_parent != self.cursor.semantic_parent:
                # (A helper's record is a member of its caller's: declared before, alike.)
                raise NotUniform("a call that suspends")
            helper = self.helpers.setdefault(c.key, _Helper(callee))
            self.helper_calls[c.cursor.extent.start.offset] = (c.cursor, c.parents, helper)
        if self.sources.within_macro(self.cursor):
            raise NotUniform("written by a macro")
        bodies = [c for c in self.cursor.get_children() if kind_of(c) == K.COMPOUND_STMT]
        if not bodies:
            raise NotUniform("no body")
        body = bodies[-1]
        self.collect(body, [])
        self.check_parameters()
        if self.helper is not None:
            self.plan_helper_parameters(body)
        self.needed = self.needed_at_block_level(body)
        items = self.plan_list(list(body.get_children()))
        self.check_uniform_changes()
        self.check_adjacent_runs(items)
        self.emit(body, items)
        return self.edits

    def collect(self, cursor, parents):
        kind = kind_of(cursor)
        if kind in REFUSED or kind is None:
            raise NotUniform("goto, label or try")
        if kind == K.DECL_STMT and any(kind_of(c) != K.VAR_DECL for c in cursor.get_children()):
            # A type, alias or using declared in one run would not be seen in the next: it
            # qualifies where the run that declares it is the only one that names it (emit).
            if any(kind_of(c) not in (K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL)
                   for c in cursor.get_children()):
                raise NotUniform("a declaration of something other than variables and types")
            self.local_types.extend(cursor.get_children())
        if kind == K.TYPE_REF:
            self.type_refs.append(cursor)
        if kind == K.DECL_REF_EXPR:
            self.refs.append((cursor, parents[-1] if parents else None, list(parents)))
            if "volatile" in cursor.type.get_canonical().spelling and \
                    any(kind_of(p) in LOOPS and not self.contains_wait(p) for p in parents):
                # Threads that signal each other through memory: one may spin on another
                # within an interval, which a watchdog report shows best with coroutines.
                raise NotUniform("volatile memory in a thread's loop")
        if kind == K.CALL_EXPR and any(w in cursor.spelling for w in WAITING_WORDS):
            for loop in parents:
                if kind_of(loop) in LOOPS:
                    children = list(loop.get_children())
                    body = children[0] if kind_of(loop) == K.DO_STMT else children[-1]
                    if not (body.extent.start.offset <= cursor.extent.start.offset <
                            body.extent.end.offset):
                        # A thread that waits (for another, for time): if it never stops, the
                        # watchdog's report says where the others wait, which needs coroutines.
                        raise NotUniform("a loop that spins on an atomic or the clock")
        parents.append(cursor)
        for child in cursor.get_children():
            self.collect(child, parents)
        parents.pop()

    def may_change(self, ref, parent, parents):
        """Whether this use of a variable may change it (conservative)."""
        i = enclosing_index(parents, (K.PAREN_EXPR, K.UNEXPOSED_EXPR))
        if i >= 0 and kind_of(parents[i]) == K.UNARY_OPERATOR and \
                self.sources.operator(parents[i]) == "*":
            return False  # `*p = v` changes what p points to, not p
        after = self.sources.tokens_between(
            self.path, ref.extent.end.offset,
            min(ref.extent.end.offset + 8, len(self.sources.text(self.path))))
        after = [t for t in after if t.extent.start.offset >= ref.extent.end.offset]
        if after and after[0].spelling == "->":
            return False
        if after and after[0].spelling in CHANGES:
            return True
        start = ref.extent.start.offset
        before = self.sources.tokens_between(self.path, max(0, start - 8), start)
        before = [t for t in before if t.extent.end.offset <= start]
        if before and before[-1].spelling in ("++", "--", "&"):
            return True
        i = enclosing_index(parents)
        if i < 0:
            return False
        p = parents[i]
        kind = kind_of(p)
        if kind == K.CALL_EXPR:
            children = list(p.get_children())
            argument = parents[i + 1] if i + 1 < len(parents) else ref
            return not children or (children[0] != argument and
                                    not self.passed_by_value(p, argument))
        if kind in (K.LAMBDA_EXPR, K.MEMBER_REF_EXPR):
            return True
        if kind == K.VAR_DECL:
            return p.type.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE)
        return False

    def passed_by_value(self, call, argument):
        """Whether `argument` of `call` is copied into its parameter (so the call cannot change
        the variable it names), in every function the call may name: not where the parameter is
        a reference, nor where the callee is not known."""
        arguments = list(call.get_arguments())
        at = next((n for n, a in enumerate(arguments) if a == argument), None)
        if at is None:
            return False
        candidates = possible_callees(call)
        if not candidates:
            return False
        for f in candidates:
            if kind_of(f) not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD):
                return False
            params = [c for c in f.get_children() if kind_of(c) == K.PARM_DECL]
            if at >= len(params):
                if f.type.kind != T.FUNCTIONPROTO or not f.type.is_function_variadic():
                    return False  # a pack, or a default the argument does not meet
                continue  # C's `...` takes a copy
            t = params[at].type
            if t.kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE) or "&" in t.spelling or \
                    "..." in t.spelling:
                return False
        return True

    def check_parameters(self):
        """A parameter a thread changes (`src += offset;`) is each thread's own copy: it moves
        into the per-thread record, and it is not uniform."""
        for ref, parent, parents in self.refs:
            target = ref.referenced
            if target is not None and kind_of(target) == K.PARM_DECL and \
                    self.may_change(ref, parent, parents):
                self.changed_parameters[key_of(target)] = target

    def plan_helper_parameters(self, body):
        """A helper's parameters are each thread's (in its record, given by the call's pass over
        the threads), but those that every call gives alike, that the helper does not change,
        the block reads once, from the first thread's record. Its only return is its last
        statement, and nothing it runs shows the order of the threads (its calls are passes of
        their own within its callers')."""
        for p in self.helper.parameters():
            if not p.spelling:
                raise NotUniform("a helper's parameter without a name")
            if p.type.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
                raise NotUniform("a helper's reference parameter")
        given_alike = self.helper.uniform_parameters()
        self.uniform_params = {
            key_of(p) for p in self.helper.parameters()
            if key_of(p) in given_alike and key_of(p) not in self.changed_parameters and
            p.type.get_canonical().kind in SCALAR_TYPES}
        for p in self.helper.parameters():
            if key_of(p) not in self.uniform_params:
                self.changed_parameters[key_of(p)] = p
        statements = list(body.get_children())
        for r in self.f.returns:
            if not statements or r != statements[-1]:
                raise NotUniform("a helper's return before its end")
        if self.cursor.result_type.get_canonical().kind != T.VOID and not self.f.returns:
            raise NotUniform("a helper that returns a value without a return at its end")
        if any(self.order_sensitive(stmt) for stmt in statements):
            raise NotUniform("a helper that prints, uses atomics or calls the program's "
                             "functions")

    def is_uniform(self, e):
        kind = kind_of(e)
        if kind in LITERALS or kind == K.CXX_UNARY_EXPR:
            return True
        children = list(e.get_children())
        if kind in PASS_THROUGH:
            return all(self.is_uniform(c) for c in children)
        if kind == K.UNARY_OPERATOR:
            return self.sources.operator(e) in ("-", "+", "!", "~") and all(self.is_uniform(c)
                                                            for c in children)
        if kind == K.BINARY_OPERATOR:
            return self.sources.operator(e) not in ASSIGNMENTS | {","} and all(self.is_uniform(c)
                                                                for c in children)
        if kind == K.DECL_REF_EXPR:
            target = e.referenced
            if target is None:
                return False
            tk = kind_of(target)
            if tk in (K.ENUM_CONSTANT_DECL, K.TEMPLATE_NON_TYPE_PARAMETER):
                return True
            if tk == K.PARM_DECL:
                if self.helper is not None:
                    return key_of(target) in self.uniform_params
                return key_of(target) not in self.changed_parameters and \
                    target.semantic_parent == self.cursor and \
                    target.type.get_canonical().kind in SCALAR_TYPES
            if tk == K.VAR_DECL:
                if key_of(target) in self.uniform_vars:
                    return True
                # A constant at namespace scope (not __constant__ memory, whose reads count).
                t = target.type
                return target.semantic_parent != self.cursor and t.is_const_qualified() and \
                    t.get_canonical().kind in SCALAR_TYPES and \
                    not annotations(target) & {"simt:constant", "simt:shared"} and \
                    kind_of(target.semantic_parent) in (K.NAMESPACE, K.TRANSLATION_UNIT)
            return False
        if kind == K.MEMBER_REF_EXPR:
            if len(children) != 1:
                return False
            base = strip_implicit(children[0])
            if kind_of(base) == K.DECL_REF_EXPR and base.spelling in BLOCK_BUILTINS and \
                    base.referenced is not None and \
                    kind_of(base.referenced.semantic_parent) == K.TRANSLATION_UNIT:
                return True
            return False
        return False

    def uniform_declaration(self, stmt):
        """A DeclStmt whose variables are all scalars with uniform initialisers: it runs once
        for the block. Its variables become uniform."""
        variables = [c for c in stmt.get_children() if kind_of(c) == K.VAR_DECL]
        if not variables:
            return False
        if not any(key_of(v) in self.needed for v in variables):
            return False  # no block-level code reads it: it stays the threads' own
        for v in variables:
            if v.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN) or \
                    v.type.get_canonical().kind not in SCALAR_TYPES or annotations(v):
                return False
            init = [c for c in v.get_children() if kind_of(c) not in (K.TYPE_REF,
                                                                      K.NAMESPACE_REF,
                                                                      K.TEMPLATE_REF)]
            if len(init) != 1 or not self.is_uniform(init[0]):
                return False
        for v in variables:
            self.uniform_vars.add(key_of(v))
        return True

    def uniform_change(self, e):
        """An expression that changes a uniform variable by a uniform amount (`s >>= 1`,
        `++i`, `k = k * 2`): run once for the block."""
        kind = kind_of(e)
        children = list(e.get_children())
        if kind == K.UNARY_OPERATOR and self.sources.operator(e) in ("++", "--"):
            target = strip_implicit(children[0]) if children else None
            ok = target is not None and kind_of(target) == K.DECL_REF_EXPR and \
                key_of(target.referenced) in self.uniform_vars
        elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and \
                self.sources.operator(e) in ASSIGNMENTS and len(children) == 2:
            target = strip_implicit(children[0])
            ok = kind_of(target) == K.DECL_REF_EXPR and \
                key_of(target.referenced) in self.uniform_vars and self.is_uniform(children[1])
        elif kind == K.BINARY_OPERATOR and self.sources.operator(e) == ",":
            # All or none: a change allowed before one that is not would go unchecked.
            allowed = set(self.changes_allowed)
            if all(self.uniform_change(c) for c in children):
                return True
            self.changes_allowed = allowed
            return False
        else:
            return False
        if ok:
            self.changes_allowed.add(target.extent.start.offset)
        return ok

    def header_parts(self, stmt):
        """A `for` statement's init, condition and increment (None where left out), from the
        positions of its header's two `;`."""
        tokens = self.tokens(stmt)
        if len(tokens) < 2 or tokens[1].spelling != "(":
            raise NotUniform("for header")
        depth = 0
        semicolons = []
        close = None
        for t in tokens[1:]:
            if t.spelling in ("(", "[", "{"):
                depth += 1
            elif t.spelling in (")", "]", "}"):
                depth -= 1
                if depth == 0:
                    close = t.extent.start.offset
                    break
            elif t.spelling == ";" and depth == 1:
                semicolons.append(t.extent.start.offset)
        if len(semicolons) != 2 or close is None:
            raise NotUniform("range for or odd header")
        parts = [None, None, None]
        body = None
        for c in stmt.get_children():
            s = c.extent.start.offset
            if s > close:
                body = c
            elif s < semicolons[0]:
                parts[0] = c
            elif s < semicolons[1]:
                parts[1] = c
            else:
                parts[2] = c
        if body is None:
            raise NotUniform("for without a body")
        return parts, body

    def plan_list(self, statements):
        """Items of a list the whole block runs: ("barrier", call), ("uniform", stmt),
        ("control", stmt, [(list cursor or single statement, items)]), ("run", stmt)."""
        items = []
        for stmt in statements:
            kind = kind_of(stmt)
            if kind == K.UNEXPOSED_STMT:
                # A loop under `#pragma unroll` (an attributed statement): the pragma stays
                # above the loop, whichever way the loop is run.
                inner = list(stmt.get_children())
                if len(inner) == 1 and kind_of(inner[0]) in LOOPS:
                    stmt, kind = inner[0], kind_of(inner[0])
            if not self.contains_wait(stmt):
                if kind in (K.BREAK_STMT, K.CONTINUE_STMT):
                    # Of the block's loop: the block leaves it, or goes on to its next turn.
                    items.append(("uniform", stmt))
                elif kind == K.IF_STMT and self.jumps_out(stmt):
                    items.append(("control", stmt, self.if_plans(stmt)))
                elif kind == K.FOR_STMT and self.uniform_loop(stmt):
                    # Its header changes uniform variables: the block runs it, each iteration's
                    # body a pass over the threads.
                    items.append(("control", stmt, [self.body_plan(self.header_parts(stmt)[1])]))
                elif kind == K.DECL_STMT and self.uniform_declaration(stmt):
                    items.append(("uniform", stmt))
                elif kind == K.DECL_STMT and self.shared_declaration(stmt):
                    items.append(("uniform", stmt))
                elif self.uniform_change(stmt):
                    items.append(("uniform", stmt))
                else:
                    items.append(("run", stmt))
                continue
            if self.is_barrier_statement(stmt):
                items.append(("barrier", stmt))
                continue
            call = self.collective_statement(stmt)
            if call is not None:
                # Every lane's operands in one pass, the collective, then the statement.
                items.extend(self.collective_items(stmt, call))
                continue
            call = self.helper_statement(stmt)
            if call is not None:
                # Every thread's arguments in one pass, the helper's loops, then the statement.
                items.extend([("call", stmt, call), ("run", stmt)])
                continue
            if self.sources.within_macro(stmt):
                raise NotUniform("a statement with a barrier written by a macro")
            children = list(stmt.get_children())
            if kind == K.COMPOUND_STMT:
                items.append(("control", stmt, [(stmt, self.plan_list(children))]))
            elif kind == K.FOR_STMT:
                (init, cond, inc), body = self.header_parts(stmt)
                if init is not None and not (
                        (kind_of(init) == K.DECL_STMT and self.uniform_declaration(init)) or
                        self.uniform_change(init)):
                    raise NotUniform("for init")
                if cond is not None and not self.is_uniform(cond):
                    raise NotUniform("for condition")
                if inc is not None and not self.uniform_change(inc):
                    raise NotUniform("for increment")
                items.append(("control", stmt, [self.body_plan(body)]))
            elif kind in (K.WHILE_STMT, K.DO_STMT):
                if len(children) != 2:
                    raise NotUniform("while with a declaration")
                cond, body = (children[0], children[1]) if kind == K.WHILE_STMT else \
                    (children[1], children[0])
                if kind_of(cond) in (K.VAR_DECL, K.DECL_STMT) or not self.is_uniform(cond):
                    raise NotUniform("while condition")
                items.append(("control", stmt, [self.body_plan(body)]))
            elif kind == K.IF_STMT:
                items.append(("control", stmt, self.if_plans(stmt)))
            else:
                raise NotUniform("a barrier in another statement")
        for item in items:
            if item[0] == "control" and kind_of(item[1]) in LOOPS and \
                    not self.sources.within_macro(item[1]):
                self.block_run_loops.add((path_of(item[1]), item[1].extent.start.offset))
        return items

    def uniform_loop(self, stmt):
        """A `for` without a wait whose increment changes uniform variables by uniform amounts,
        whose condition is uniform and whose init is left out or does the same (in
        globalToShmemAsyncCopy: `for (; aStage <= a + aStep * maxPipelineStages; aStage +=
        aStep, bStage += bStep, ++iStage)`): as a thread's run it would change them once per
        thread, so the block runs it. Any other loop without a wait stays in a run."""
        (init, cond, inc), _ = self.header_parts(stmt)
        if inc is None or (cond is not None and not self.is_uniform(cond)):
            return False
        if init is not None and kind_of(init) == K.DECL_STMT:
            return False
        allowed = set(self.changes_allowed)
        if self.uniform_change(inc) and (init is None or self.uniform_change(init)):
            return True
        self.changes_allowed = allowed
        return False

    def if_plans(self, stmt):
        """The plans of the branches of an `if` the whole block takes alike."""
        children = list(stmt.get_children())
        if len(children) not in (2, 3):
            raise NotUniform("if with an init statement")
        tokens = self.tokens(stmt)
        if len(tokens) > 1 and tokens[1].spelling == "constexpr":
            raise NotUniform("if constexpr")
        if kind_of(children[0]) in (K.VAR_DECL, K.DECL_STMT) or \
                not self.is_uniform(children[0]):
            raise NotUniform("if condition")
        return [self.body_plan(b) for b in children[1:]]

    def jumps_out(self, cursor, enclosing=0):
        """Whether a `break` or `continue` in `cursor` leaves it (to a loop around it)."""
        kind = kind_of(cursor)
        if kind in (K.BREAK_STMT, K.CONTINUE_STMT):
            return enclosing == 0
        if kind == K.LAMBDA_EXPR:
            return False
        inner = enclosing + (1 if kind in LOOPS or kind == K.SWITCH_STMT else 0)
        # (A `continue` in a switch leaves it; the runs keep such a switch, as check_breaks says.)
        return any(self.jumps_out(c, inner) for c in cursor.get_children())

    def body_plan(self, body):
        if kind_of(body) == K.COMPOUND_STMT:
            return (body, self.plan_list(list(body.get_children())))
        if kind_of(body) in (K.BREAK_STMT, K.CONTINUE_STMT):
            return (body, [("uniform", body)])
        if self.contains_wait(body):
            if self.is_barrier_statement(body):
                return (body, [("barrier", body)])
            call = self.collective_statement(body)
            if call is not None:
                self.braced.append(body)
                return (body, self.collective_items(body, call))
            call = self.helper_statement(body)
            if call is not None:
                self.braced.append(body)
                return (body, [("call", body, call), ("run", body)])
            raise NotUniform("a loop whose body is one statement with a barrier inside")
        # One statement without barrier (an else branch, say): a run of its own.
        return (body, [("run", body)])

    def shared_declaration(self, stmt):
        variables = [c for c in stmt.get_children() if kind_of(c) == K.VAR_DECL]
        return bool(variables) and all("simt:shared" in annotations(v) for v in variables)

    def check_uniform_changes(self):
        for ref, parent, parents in self.refs:
            target = ref.referenced
            if target is None or key_of(target) not in self.uniform_vars:
                continue
            if ref.extent.start.offset in self.changes_allowed:
                continue
            if self.may_change(ref, parent, parents):
                raise NotUniform("a uniform variable changes in a thread's code")

    def needed_at_block_level(self, body):
        """The local variables the block's own code reads: in the headers of the statements
        that hold a barrier, and what those variables are computed from."""
        deps = {}
        roots = set()

        def refs_in(cursor, skip=None):
            out = set()
            for c in cursor.walk_preorder():
                if skip is not None and c.extent.start.offset >= skip:
                    break
                if kind_of(c) == K.DECL_REF_EXPR and c.referenced is not None and \
                        kind_of(c.referenced) == K.VAR_DECL:
                    out.add(key_of(c.referenced))
            return out

        for call, _ in self.collectives.values():
            arguments = list(call.get_arguments())
            if arguments and call.spelling not in WHOLE_WARP_COLLECTIVES:
                roots |= refs_in(arguments[0])  # the mask, which must be the same in every lane
        for jump in self.block_jumps(body, None):
            roots |= refs_in(list(jump.get_children())[0])
        changed = {key_of(ref.referenced) for ref, parent, parents in self.refs
                   if ref.referenced is not None and self.may_change(ref, parent, parents)}
        for call, _, _ in self.helper_calls.values():
            for argument in call.get_arguments():  # which the helper may read once
                roots |= refs_in(argument) - changed
        for call, _ in self.collectives.values():
            if self.shuffle_operands_alike and call.spelling in SHUFFLES:
                for argument in list(call.get_arguments())[2:]:  # lane operand, width
                    self.shuffle_operand_roots |= refs_in(argument) - changed
        roots |= self.shuffle_operand_roots
        for c in body.walk_preorder():
            kind = kind_of(c)
            if kind in (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.IF_STMT) and \
                    self.contains_wait(c):
                children = list(c.get_children())
                if kind == K.FOR_STMT:
                    header = [x for x in children[:-1]]
                elif kind == K.DO_STMT:
                    header = children[1:]
                else:
                    header = children[:1]
                for h in header:
                    roots |= refs_in(h)
                    if kind_of(h) == K.DECL_STMT:  # the block declares them (uniform, or none)
                        roots |= {key_of(v) for v in h.get_children() if kind_of(v) == K.VAR_DECL}
            elif kind == K.FOR_STMT:
                # A loop without a wait: what its increment changes depends on its whole
                # header, the condition included (the block may run it: uniform_loop).
                try:
                    (_, _, inc), loop_body = self.header_parts(c)
                except NotUniform:
                    continue
                header = refs_in(c, skip=loop_body.extent.start.offset)
                for target in self.assigned_in(inc) if inc is not None else ():
                    deps.setdefault(target, set()).update(header)
            if kind == K.VAR_DECL:
                deps.setdefault(key_of(c), set()).update(refs_in(c))
            elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and \
                    self.sources.operator(c) in ASSIGNMENTS:
                children = list(c.get_children())
                target = strip_implicit(children[0]) if children else None
                if target is not None and kind_of(target) == K.DECL_REF_EXPR and \
                        target.referenced is not None:
                    deps.setdefault(key_of(target.referenced), set()).update(
                        refs_in(children[1]) if len(children) > 1 else set())
        needed = set()
        todo = list(roots)
        while todo:
            k = todo.pop()
            if k in needed:
                continue
            needed.add(k)
            todo.extend(deps.get(k, ()))
        return needed

    def block_jumps(self, cursor, loop):
        """The `if` statements without a wait whose `break` or `continue` leaves a loop that
        waits (`loop`, the innermost around `cursor`): the block's own code tests their
        conditions."""
        kind = kind_of(cursor)
        if kind == K.LAMBDA_EXPR:
            return []
        if kind == K.IF_STMT and loop is not None and not self.contains_wait(cursor) and \
                self.jumps_out(cursor):
            return [cursor]
        if kind in LOOPS:
            loop = cursor if self.contains_wait(cursor) else None
        elif kind == K.SWITCH_STMT:
            loop = None
        out = []
        for c in cursor.get_children():
            out.extend(self.block_jumps(c, loop))
        return out

    def assigned_in(self, e):
        """The variables an expression assigns to or increments, by key."""
        out = set()
        for c in e.walk_preorder():
            kind = kind_of(c)
            if (kind == K.UNARY_OPERATOR and self.sources.operator(c) in ("++", "--")) or \
                    (kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and
                     self.sources.operator(c) in ASSIGNMENTS):
                children = list(c.get_children())
                target = strip_implicit(children[0]) if children else None
                if target is not None and kind_of(target) == K.DECL_REF_EXPR and \
                        target.referenced is not None:
                    out.add(key_of(target.referenced))
        return out

    def order_sensitive(self, cursor):
        """Whether a statement does what shows the order threads run in even in a kernel without
        races: prints, an atomic (its old value), a fault or trap, inline assembly, or a call of
        the program's own function (which may do any of these)."""
        for c in cursor.walk_preorder():
            kind = kind_of(c)
            if kind in (K.ASM_STMT, K.CXX_THROW_EXPR):
                return True
            if kind != K.CALL_EXPR or c.extent.start.offset in self.helper_calls:
                continue  # (a helper's call: a pass of its own, its arguments looked at here)
            # In a template, a call whose callee depends on its parameters may name any of
            # the overloads its name finds.
            callees = possible_callees(c)
            if not callees:
                return True
            for callee in callees:
                if callee.location.file is None or \
                        any(word in callee.spelling for word in ORDER_SENSITIVE_WORDS) or \
                        self.sources.is_user_file(callee.location.file.name):
                    return True
        return False

    def check_adjacent_runs(self, items):
        """Two runs with no barrier between them (a uniform statement, a loop's header or its
        back edge between) run as two passes over the threads, where the coroutines ran each
        thread through both. Without races, only what shows the order of threads can tell: where
        both runs do such a thing, the kernel stays a coroutine."""
        pairs = []

        # The runs that may have run last, with no barrier since, as {id: statements} (a list
        # cannot be a set's member).
        def walk(items, incoming):
            open_runs = dict(incoming)
            run = None
            for item in items:
                if item[0] == "run":
                    if run is None:
                        run = [item[1]]
                        pairs.extend((earlier, run) for earlier in open_runs.values())
                        open_runs = {id(run): run}
                    else:
                        run.append(item[1])
                    continue
                run = None
                if item[0] == "barrier":
                    open_runs = {}
                elif item[0] == "control":
                    loop = kind_of(item[1]) in LOOPS
                    outs = {}
                    for _, sub in item[2]:
                        out = walk(sub, open_runs)
                        if loop:  # its end runs into its start again
                            out = walk(sub, {**open_runs, **out})
                        outs.update(out)
                    if kind_of(item[1]) == K.IF_STMT and len(item[2]) == 2:
                        open_runs = outs  # one of the two branches ran
                    else:
                        open_runs = {**open_runs, **outs}  # or none of it
            return open_runs

        walk(items, {})
        for first, second in pairs:
            if any(self.order_sensitive(s) for s in first) and \
                    any(self.order_sensitive(s) for s in second):
                raise NotUniform("two runs without a barrier between them")

    # -- runs and their variables --------------------------------------------------------------

    def collect_runs(self, items, out):
        """The runs of a plan (consecutive "run" items), in order, each a list of statements."""
        current = []
        for item in items:
            if item[0] == "run":
                current.append(item[1])
                continue
            if current:
                out.append(current)
                current = []
            if item[0] == "control":
                for _, sub in item[2]:
                    self.collect_runs(sub, out)
        if current:
            out.append(current)

    def runs_beside_collectives(self, items, counts=None, before=None, after=None):
        """Two maps over a plan's collectives (in collect_items' order) and runs (in
        collect_runs' order), filled in one walk: before, {n: i} where the n-th collective
        directly follows the i-th run in one list (its operands join that run's pass, each
        thread going on from the run's statements to the call, as a coroutine's thread does);
        after, {n: i} where the i-th run directly follows the n-th collective in one list,
        beginning with the collective's statement (the lane's result: each warp's lanes may go
        on into that run's pass once the collective has run for the warp, as a coroutine's
        lanes do)."""
        counts = [0, 0] if counts is None else counts  # runs, collectives seen
        before = {} if before is None else before
        after = {} if after is None else after
        previous = None
        for item in items:
            if item[0] == "run":
                if previous is None or previous[0] != "run":
                    if previous is not None and previous[0] == "collective" and \
                            previous[1] == item[1]:
                        after[counts[1] - 1] = counts[0]
                    counts[0] += 1
            elif item[0] == "collective":
                if previous is not None and previous[0] == "run":
                    before[counts[1]] = counts[0] - 1
                counts[1] += 1
            elif item[0] == "control":
                for _, sub in item[2]:
                    self.runs_beside_collectives(sub, counts, before, after)
            previous = item
        return before, after

    def var_type(self, v):
        """The type of a variable that moves into the per-thread record, as it can be spelled
        there; NotUniform where it cannot be (one that depends on a template's parameters
        included: the record must be a plain struct for every instantiation)."""
        t = v.type
        if t.get_canonical().kind == T.POINTER and \
                "type-parameter" in t.get_canonical().spelling and "(" not in t.spelling:
            # A pointer to a template's type (`T* sdata`), as written: the record is declared
            # in the template, where T is known, and a pointer is plain for every T.
            return t.spelling
        if t.get_canonical().kind in (T.DEPENDENT, T.UNEXPOSED, T.INVALID):
            raise NotUniform("a type that depends on template parameters crosses a barrier")
        if t.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE):
            raise NotUniform("a reference crosses a barrier")
        spelling = t.get_canonical().spelling.removeprefix("const ")
        if spelling in PLACED_TYPES:
            return PLACED_TYPES[spelling]
        if not t.get_canonical().is_pod() and spelling not in GROUP_TYPES and \
                not spelling.startswith(TRIVIAL_TEMPLATES):
            raise NotUniform("a class type crosses a barrier")
        return self.type_spelling(t)

    def type_spelling(self, t):
        """A type as the record, declared first in the kernel's body, can spell it: as clang
        spells it in full (the record comes before any alias the kernel declares, such as
        `namespace cg = cooperative_groups;`), and declared outside the kernel."""
        spelling = t.get_canonical().spelling
        if "(" in spelling or "lambda" in spelling or "type-parameter" in spelling:
            raise NotUniform("a type the record cannot spell")
        element = t.get_canonical()
        while element.kind in (T.CONSTANTARRAY, T.POINTER):
            element = element.element_type if element.kind == T.CONSTANTARRAY else \
                element.get_pointee()
            element = element.get_canonical()
        declaration = element.get_declaration()
        if declaration is not None and kind_of(declaration) is not None and \
                declaration.location.file is not None:
            p = declaration.semantic_parent
            while p is not None and kind_of(p) not in (K.TRANSLATION_UNIT, None):
                if p == self.cursor:
                    raise NotUniform("a type declared in the kernel crosses a barrier")
                p = p.semantic_parent
        return spelling

    def collect_items(self, kind, items, out):
        """The (kind, statement, call) items of a plan ("collective" or "call"), in order."""
        for item in items:
            if item[0] == kind:
                out.append(item)
            elif item[0] == "control":
                for _, sub in item[2]:
                    self.collect_items(kind, sub, out)

    def emit(self, body, items):
        runs = []
        self.collect_runs(items, runs)
        collectives = []
        self.collect_items("collective", items, collectives)
        calls = []
        self.collect_items("call", items, calls)
        run_of = {}
        extents = []
        starts = {}
        for i, statements in enumerate(runs):
            # A `#pragma unroll` directly above a run's first loop stays with the loop, inside.
            start = pragmas_above(self.sources, self.path, statements[0].extent.start.offset,
                                  starts)
            end = self.statement_end(statements[-1])
            extents.append((start, end))
            for s in statements:
                if self.sources.within_macro(s) and s in (statements[0], statements[-1]):
                    raise NotUniform("a run starts or ends in a macro")
                if kind_of(s) == K.DECL_STMT:
                    for v in s.get_children():
                        if kind_of(v) == K.VAR_DECL:
                            run_of[key_of(v)] = (i, v, s)
        # A collective's call is a pass of its own (its operands), within its statement's run.
        # So is a helper's call (its arguments), before the helper's loops.
        for _, _, call in collectives + calls:
            extents.append((call.extent.start.offset, call.extent.end.offset))

        def run_at(offset):  # the innermost
            inside = [i for i, (s, e) in enumerate(extents) if s <= offset < e]
            return max(inside, key=lambda i: (extents[i][0], -extents[i][1])) if inside \
                else None

        for declaration in self.local_types:
            run = run_at(declaration.extent.start.offset)
            if run is None or run >= len(runs) or any(
                    run_at(t.extent.start.offset) != run for t in self.type_refs
                    if t.referenced is not None and t.referenced == declaration):
                raise NotUniform("a type the kernel declares, named outside the run declaring it")
        # Which variables a run uses, and which cross out of the run that declares them.
        used = [dict() for _ in extents]  # run -> {key: name}
        crossing = {}
        for ref, _, _ in self.refs:
            target = ref.referenced
            key = key_of(target) if target is not None else None
            if key in self.changed_parameters:
                offset = ref.extent.start.offset
                if any(c.extent.start.offset <= offset < c.extent.end.offset
                       for c in self.barrier_calls):
                    continue
                run = run_at(offset)
                if run is None:
                    raise NotUniform("a parameter a thread changes, read at the block's level")
                used[run][key] = ref.spelling
                continue
            if key not in run_of:
                continue
            offset = ref.extent.start.offset
            if any(c.extent.start.offset <= offset < c.extent.end.offset
                   for c in self.barrier_calls):
                continue  # the group a barrier is called on: the call goes as a whole
            run = run_at(offset)
            declared_run = run_of[key][0]
            if run is None:
                raise NotUniform("a thread's variable read at the block's level")
            if run != declared_run:
                crossing[key] = run_of[key]
            used[run][key] = ref.spelling
        members = {}
        for n, (key, (_, v, stmt)) in enumerate(sorted(crossing.items(),
                                                       key=lambda kv: kv[1][1].location.offset)):
            members[key] = (f"m{n}", self.var_type(v), v, stmt)
            if self.initialised(v, stmt):  # its declaration becomes an assignment
                used[run_of[key][0]][key] = v.spelling
        if self.helper is None:
            for n, (key, p) in enumerate(self.changed_parameters.items()):
                members[key] = (f"p{n}", self.var_type(p), p, None)
        else:  # every parameter, in order: a call's pass gives them all
            for n, p in enumerate(self.helper.parameters()):
                members[key_of(p)] = (f"p{n}", self.var_type(p), p, None)
        # A run that a collective's call directly follows takes the call's operands in its
        # pass, with what they name.
        fused, follows = self.runs_beside_collectives(items)
        # A run that begins with a collective's statement (the lane's result) is the pass the
        # collective's lanes go on into, where nothing comes between them in the text.
        going_on = {n: i for n, i in follows.items()
                    if i not in fused.values() and
                    extents[i][0] == collectives[n][1].extent.start.offset}
        ranges = [[e] for e in extents]
        for n, i in fused.items():
            used[i].update(used[len(runs) + n])
            ranges[i].append(extents[len(runs) + n])
        for i in range(len(extents)):
            names = [used[i][k] for k in used[i] if k in members]
            if len(names) != len(set(names)):
                raise NotUniform("two crossing variables of one name in a run")
            # A name a run's record reference would hide from another variable of the run.
            for ref, _, _ in self.refs:
                offset = ref.extent.start.offset
                if any(s <= offset < e for s, e in ranges[i]) and ref.spelling in names and \
                        key_of(ref.referenced) not in members:
                    raise NotUniform("a crossing variable's name is another's in a run")
        # Declarations that move into the record become assignments.
        done = set()
        for key, (member, _, v, stmt) in members.items():
            if stmt is None or stmt.hash in done:
                continue
            done.add(stmt.hash)
            self.rewrite_declaration(stmt, members)
        # The record, and the block's loop.
        record = "".join(f" ::std::remove_cv_t<{t}> {m};" for m, t, _, _ in members.values())
        record += "".join(f" ::simt::detail::LoopCollective<{self.collective_type(call)}"
                          f"{', true' if self.operands_alike(call) else ''}> c{n};"
                          for n, (_, _, call) in enumerate(collectives))
        record += "".join(f" {self.helper_calls[call.extent.start.offset][2].records} f{n};"
                          for n, (_, _, call) in enumerate(calls))
        open_brace = body.extent.start.offset + 1
        if self.helper is not None:
            self.emit_helper_frame(body, record, members)
        else:
            # Each thread's copy of a parameter it changes starts as the launch's argument.
            copies = "".join(f" simt_l.{m} = {p.spelling};" for key, (m, _, p, stmt)
                             in members.items() if stmt is None)
            if copies:
                copies = (f" simt_block.each(simt_local, [&](simt_locals& simt_l) "
                          f"{{{copies} }});")
            self.edits.append(("insert", self.path, open_brace,
                               f" struct simt_locals {{{record} }}; auto simt_block = "
                               f"::simt::detail::block_loop(); simt_locals* const simt_local = "
                               f"simt_block.locals<simt_locals>();{copies}"))
        def record_references(i):
            refs = "".join(f" auto& {used[i][k]} = simt_l.{members[k][0]};"
                           for k in used[i] if k in members)
            if any(members[k][3] is None for k in used[i] if k in members):
                # Named as the parameter it is each thread's copy of, which it hides.
                refs = f" {SHADOW_ALLOWED}{refs} {SHADOW_END}"
            region = f"[&]([[maybe_unused]] simt_locals& simt_l) -> bool {{{refs} {{ "
            if i in going_on.values():  # the last argument of the collective's pass
                return region
            return f"if (!simt_block.threads(simt_local, {region}"

        joined = set(fused.values())
        for i, (start, end) in enumerate(extents[:len(runs)]):
            self.edits.append(("wrap", self.path, start, end, record_references(i),
                               "" if i in joined else " } return true; })) return; else (void)0;",
                               5))
        for n, (_, stmt, call) in enumerate(collectives):
            self.emit_collective(n, stmt, call,
                                 "" if n in fused else record_references(len(runs) + n),
                                 n in going_on)
        for n, (_, stmt, call) in enumerate(calls):
            self.emit_call(n, stmt, call,
                           record_references(len(runs) + len(collectives) + n))
        if self.helper is not None:
            self.emit_helper_return()
        # Returns in runs end the thread (the lambda's false).
        for r in self.f.returns if self.helper is None else []:
            tokens = self.tokens(r)
            if not tokens or tokens[0].spelling != "return" or len(tokens) > 2 or \
                    self.sources.within_macro(r):
                raise NotUniform("a return written by a macro, or with a value")
            t = tokens[0]
            self.edits.append(("replace", self.path, t.extent.start.offset, t.extent.end.offset,
                               "return false"))
        for call in self.barrier_calls:
            what = self.sources.text_of(call)
            self.edits.append(("replace", self.path, call.extent.start.offset,
                               call.extent.end.offset,
                               f"if (!simt_block.barrier(SIMT_SITE({c_string(what)}))) return; "
                               f"else (void)0"))
        self.check_breaks(runs)

    def collective_type(self, call):
        """The type a call of the collective returns, spelled with its arguments' types, as the
        record can (the place the call is at is not known there)."""
        arguments = []
        for a in call.get_arguments():
            t = a.type.get_canonical()
            if t.kind == T.RECORD and t.is_pod():
                # A fragment of the warp matrix functions, which they take by reference.
                arguments.append(f", ::std::declval<{self.type_spelling(a.type)}&>()")
                continue
            if t.kind not in SCALAR_TYPES:
                raise NotUniform("a collective's operand the record cannot spell")
            arguments.append(f", ::std::declval<{self.type_spelling(a.type)}>()")
        return f"decltype({call.spelling}(::simt::detail::AnyPlace{{}}{''.join(arguments)}))"

    def operands_alike(self, call):
        """Whether a shuffle's operands after its mask and value (the lane operand, the width)
        are uniform: every lane of a warp gives the same, so the block loop reads them once
        (simt::detail::LoopCollective's OperandsAlike)."""
        return call.spelling in SHUFFLES and \
            all(self.is_uniform(a) for a in list(call.get_arguments())[2:])

    def emit_collective(self, n, stmt, call, opening, goes_on):
        """Before the statement, a pass in which every lane arrives with its operands (the call,
        moved there), and the collective's completion; in the statement, the lane's result.
        Where the statement begins a run (`goes_on`), that run's region is the pass's last
        argument, which the lanes go on into."""
        site = f"SIMT_SITE({c_string(self.sources.text_of(call))})"
        bare = call.extent.start.offset in self.bare_collectives
        self.emit_split(stmt, call, site, "(void)0" if bare else f"simt_l.c{n}.result()", opening,
                        f"simt_l.c{n}.arrive(", ")", "",
                        f", &simt_locals::c{n}" + (", " if goes_on else ""))

    def emit_call(self, n, stmt, call, opening):
        """Before the statement, a pass in which every thread gives the helper its arguments
        (the call, moved there, to the overload that keeps them in the thread's record), and
        the helper's loops; in the statement, the thread's result."""
        helper = self.helper_calls[call.extent.start.offset][2]
        returns_value = helper.f.cursor.result_type.get_canonical().kind != T.VOID
        self.emit_split(stmt, call, f"simt_l.f{n}",
                        f"simt_l.f{n}.simt_result" if returns_value else "(void)0", opening,
                        "", "", f"{helper.block_function}(::simt::detail::member_records("
                                f"simt_local, &simt_locals::f{n})); ")

    def emit_split(self, stmt, call, first_argument, left, opening, before, after, block,
                   collective=""):
        """A statement whose call (a collective's or a helper's) runs in passes of its own: the
        call, with `first_argument` put first among its arguments, moves into a pass over the
        threads before the statement (as `before` call `after`), then the block's own step
        `block`; `left` takes the call's place in the statement, which runs in the next pass.
        `collective` (", &simt_locals::cN") names the collective the pass ends at, which the
        pass completes; ending in ", ", it leaves the call open for the region that follows."""
        path = self.path
        start, end = call.extent.start.offset, call.extent.end.offset
        paren, empty = self.sources.call_parenthesis(call)
        if paren is None:
            raise NotUniform("a call's parentheses not found")
        self.edits.append(("insert", path, paren.extent.end.offset,
                           first_argument if empty else first_argument + ", "))
        self.edits.append(("move", path, start, end, left))
        at = stmt.extent.start.offset
        if stmt in self.braced:
            self.edits.append(("insert", path, at, "{ "))
            self.edits.append(("wrap", path, at, self.statement_end(stmt), "", " }", 1 << 30))
        close = "" if collective.endswith(", ") else ")) return; else (void)0; "
        self.edits.append(("insert", path, at,
                           f"{opening}{before}{Edits.moved_here(start)}{after}; }} return true; "
                           f"}}{collective}{close}{block}"))

    def emit_helper_frame(self, body, record, members):
        """A helper becomes, in place: its record (declared before, for its callers' records),
        an overload with its parameters that keeps a thread's arguments in its record, and the
        function the block calls with the records, whose body is the helper's, as loops."""
        helper = self.helper
        params = helper.parameters()
        tokens = self.tokens(self.cursor)
        if self.sources.within_macro(self.cursor) or any(
                self.sources.within_macro(p) for p in params):
            raise NotUniform("a helper written by a macro")
        text = self.sources.text(self.path)
        parameter_list = text[params[0].extent.start.offset:params[-1].extent.end.offset] \
            if params else ""
        result = self.cursor.result_type
        if result.get_canonical().kind != T.VOID:
            if result.get_canonical().kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE) or \
                    not result.get_canonical().is_pod():
                raise NotUniform("a helper's result the record cannot keep")
            record += f" ::std::remove_cv_t<{self.type_spelling(result)}> simt_result;"
        keep = "".join(f" simt_r.{members[key_of(p)][0]} = {p.spelling};" for p in params)
        separator = ", " if params else ""
        header = (f"struct {helper.records} {{{record} }}; "
                  f"[[maybe_unused]] static inline void {self.cursor.spelling}("
                  f"{helper.records}& simt_r{separator}{parameter_list}) {{{keep} }} "
                  f"template <class simt_Records> static inline void "
                  f"{helper.block_function}(simt_Records simt_local) ")
        if not tokens or tokens[0].extent.start.offset != self.cursor.extent.start.offset:
            raise NotUniform("a helper's first token")
        self.edits.append(("replace", self.path, self.cursor.extent.start.offset,
                           body.extent.start.offset, header))
        uniform = "".join(
            f" const auto {p.spelling} = simt_block.first(simt_local).{members[key_of(p)][0]};"
            for p in params if key_of(p) in self.uniform_params)
        self.edits.append(("insert", self.path, body.extent.start.offset + 1,
                           f" using simt_locals = {helper.records}; constexpr "
                           f"::simt::detail::BlockLoop simt_block{{}};{uniform}"))

    def emit_helper_return(self):
        """A helper's return, its last statement: the thread's result in its record."""
        for r in self.f.returns:
            tokens = self.tokens(r)
            if not tokens or tokens[0].spelling != "return" or self.sources.within_macro(r):
                raise NotUniform("a return written by a macro")
            t = tokens[0]
            self.edits.append(("replace", self.path, t.extent.start.offset, t.extent.end.offset,
                               "simt_l.simt_result =" if list(r.get_children()) else "(void)0"))

    @staticmethod
    def declarator_at(tokens, v):
        """The index of `v`'s name among its declaration's tokens, and the token after it (";"
        at the end); None where it is not found."""
        at = next((i for i, t in enumerate(tokens) if t.extent.start.offset == v.location.offset),
                  None)
        if at is None:
            return None
        return at, tokens[at + 1].spelling if at + 1 < len(tokens) else ";"

    def initialised(self, v, stmt):
        """Whether the declarator of `v` in `stmt` has an `=` initialiser."""
        found = self.declarator_at(self.tokens(stmt), v)
        return found is not None and found[1] == "="

    def rewrite_declaration(self, stmt, members):
        """`float v = x[i];` whose v moves into the record: `v = x[i];` (v names the record's
        member by reference); without an initialiser, nothing."""
        variables = [c for c in stmt.get_children() if kind_of(c) == K.VAR_DECL]
        if any(key_of(v) not in members for v in variables):
            raise NotUniform("a declaration some of whose variables cross a barrier")
        if any(v.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN)
               for v in variables):
            raise NotUniform("a static variable")
        tokens = self.tokens(stmt)
        if self.sources.within_macro(stmt):
            raise NotUniform("a declaration written by a macro")
        start = stmt.extent.start.offset
        initialised = []
        for v in variables:
            found = self.declarator_at(tokens, v)
            if found is None:
                raise NotUniform("cannot find a declarator")
            name_at, nxt = found
            if nxt == "=":
                if v.type.get_canonical().kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY):
                    raise NotUniform("an array with an initialiser")
                initialised.append((v, name_at))
            elif nxt not in (";", ",", "["):
                raise NotUniform("a braced or parenthesised initialiser")
        if not initialised:
            self.edits.append(("replace", self.path, start, stmt.extent.end.offset, ";"))
            return
        if len(initialised) != len(variables):
            raise NotUniform("some declarators without initialiser")
        first = initialised[0][1]
        if any(v.type.get_canonical().spelling in PLACED_TYPES for v in variables):
            # `cuda::pipeline<...> pipe = cuda::make_pipeline();`: made in the record.
            if len(variables) != 1 or tokens[first + 1].spelling != "=" or \
                    tokens[-1].spelling != ";":
                raise NotUniform("a declaration of a type made in place")
            name = tokens[first].spelling
            self.edits.append(("replace", self.path, start, tokens[first + 1].extent.end.offset,
                               f"::new (static_cast<void*>(__builtin_addressof({name}))) "
                               f"::std::remove_reference_t<decltype({name})>("))
            self.edits.append(("insert", self.path, tokens[-1].extent.start.offset, ")"))
            return
        self.edits.append(("replace", self.path, start, tokens[first].extent.start.offset, ""))
        for v, name_at in initialised[1:]:
            if tokens[name_at - 1].spelling != ",":
                raise NotUniform("a declarator with its own * or &")

    def check_breaks(self, runs):
        """A break or continue in a run must stay inside it (its loop or switch in the run)."""
        for statements in runs:
            for s in statements:
                self.check_jumps(s, [])

    def check_jumps(self, cursor, enclosing):
        kind = kind_of(cursor)
        if kind in (K.BREAK_STMT, K.CONTINUE_STMT):
            targets = [k for k in enclosing if k in LOOPS or
                       (kind == K.BREAK_STMT and k == K.SWITCH_STMT)]
            if not targets:
                raise NotUniform("a break or continue leaves its run")
        if kind == K.LAMBDA_EXPR:
            return
        enclosing.append(kind)
        for c in cursor.get_children():
            self.check_jumps(c, enclosing)
        enclosing.pop()
