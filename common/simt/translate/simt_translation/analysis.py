"""The second pass: one walk over the user's files that finds what the rewrites need, and which
functions can suspend (wait at a barrier or a collective, directly or through a callee).

Nothing here edits text; the rewrites read the Analysis."""

from dataclasses import dataclass, field

from .cursors import FUNCTION_KINDS, UNEVALUATED, K, annotations, at_namespace_scope, key_of, \
    kind_of, qualified_name
from .diagnostics import error_at


@dataclass
class Call:
    cursor: object
    key: object  # the callee's key, or None where clang could not resolve it (a template)
    name: str  # the callee's name as written
    parents: list

    @property
    def evaluated(self):
        return not any(kind_of(p) in UNEVALUATED for p in self.parents)


# The standard library's waits on an atomic (cuda::std's, which is std on the emulator): the host
# thread would block, and with it every GPU thread its worker runs, the notifying one among them.
BLOCKING_WAITS = {"wait", "atomic_wait", "atomic_wait_explicit", "atomic_flag_wait",
                  "atomic_flag_wait_explicit"}


class Function:
    """A function (or lambda) with a body in a translated file."""

    def __init__(self, cursor, key):
        self.cursor = cursor
        self.key = key
        self.name = cursor.spelling
        self.is_kernel = "simt:global" in annotations(cursor)
        self.is_lambda = kind_of(cursor) == K.LAMBDA_EXPR
        self.primitives = []  # (call cursor, parents): suspension points (barriers, collectives)
        self.calls = []  # Call
        self.returns = []  # return statements
        self.suspends = False


@dataclass
class Analysis:
    functions: dict = field(default_factory=dict)  # key -> Function
    declarations: dict = field(default_factory=dict)  # key -> [declaration cursors]
    by_name: dict = field(default_factory=dict)  # name -> {keys}
    address_taken: list = field(default_factory=list)  # (cursor, key): not a call
    shared: list = field(default_factory=list)  # (VAR_DECL, enclosing Function or None)
    # (DECL_REF_EXPR, innermost enclosing Function) naming a __shared__ variable declared at
    # namespace scope: each such function gets the running block's copy under the same name
    shared_references: list = field(default_factory=list)
    accesses: list = field(default_factory=list)  # (expression, parents)
    divisions: list = field(default_factory=list)  # (binary or compound operator, parents)
    kernels: list = field(default_factory=list)  # kernel definitions (cursors)
    namespace_variables: list = field(default_factory=list)  # definitions at namespace scope
    namespace_functions: list = field(default_factory=list)  # non-template definitions there
    namespace_calls: list = field(default_factory=list)  # (CALL_EXPR, key) in initialisers there
    asm_statements: list = field(default_factory=list)  # (ASM_STMT, enclosing Function)
    linkage_specs: list = field(default_factory=list)  # extern "C" (and other) declarations
    uses_exceptions: bool = False  # a throw or try in the file or its own headers
    block_loop_kernels: set = field(default_factory=set)  # keys: run as loops (block_loops.py)
    errors: list = field(default_factory=list)

    def call_suspends(self, call):
        """Whether a call can suspend the calling thread; a call clang could not resolve is
        judged by its name (ambiguous_calls() reports the names that cannot judge)."""
        if call.key is not None:
            target = self.functions.get(call.key)
            return target is not None and target.suspends
        return any(self.functions[k].suspends for k in self.by_name.get(call.name, ())
                   if k in self.functions)


def analyse(unit, progress):
    analysis = Analysis()
    walker = _Walker(unit, analysis, progress)
    for c in unit.user_declarations:
        walker.walk(c, [], None)
    resolve_suspension(analysis)
    analysis.errors.extend(_ambiguous_calls(analysis))
    return analysis


def _ambiguous_calls(analysis):
    """Unresolved calls (in templates) by a name that some functions that suspend and some that
    do not share: the translation cannot tell whether to await them."""
    errors = []
    for f in analysis.functions.values():
        for call in f.calls:
            if call.key is not None:
                continue
            candidates = [analysis.functions[k] for k in analysis.by_name.get(call.name, ())
                          if k in analysis.functions]
            suspending = [c for c in candidates if c.suspends]
            if suspending and len(suspending) != len(candidates):
                errors.append(error_at(
                    call.cursor, f"cannot tell which '{call.name}' this call names: some "
                                 f"functions of that name wait at barriers and some do not (give "
                                 f"them different names)"))
    return errors


def resolve_suspension(analysis):
    """A function suspends if it calls a suspension point, or a function that suspends."""
    for f in analysis.functions.values():
        f.suspends = bool(f.primitives)
    changed = True
    while changed:
        changed = False
        for f in analysis.functions.values():
            if not f.suspends and any(analysis.call_suspends(c) for c in f.calls):
                f.suspends = True
                changed = True


class _Walker:
    def __init__(self, unit, analysis, progress):
        self.unit = unit
        self.analysis = analysis
        self.progress = progress
        self.namespace_shared_names = set()  # of __shared__ variables at namespace scope

    def walk(self, cursor, parents, function):
        a = self.analysis
        kind = kind_of(cursor)
        self.progress.at(cursor)
        if kind in (K.CXX_THROW_EXPR, K.CXX_TRY_STMT):
            a.uses_exceptions = True
        if kind in FUNCTION_KINDS:
            key = key_of(cursor)
            a.declarations.setdefault(key, []).append(cursor)
            a.by_name.setdefault(cursor.spelling, set()).add(key)
            if cursor.is_definition():
                function = Function(cursor, key)
                a.functions[key] = function
                if function.is_kernel:
                    a.kernels.append(cursor)
                if kind != K.FUNCTION_TEMPLATE and at_namespace_scope(cursor):
                    a.namespace_functions.append(cursor)
        elif kind == K.VAR_DECL and "simt:shared" in annotations(cursor):
            a.shared.append((cursor, function))
            if function is None:
                self.namespace_shared_names.add(cursor.spelling)
        elif kind == K.VAR_DECL and at_namespace_scope(cursor) and cursor.is_definition():
            a.namespace_variables.append(cursor)
        elif kind == K.LAMBDA_EXPR:
            function = Function(cursor, ("lambda", cursor.extent.start.offset,
                                         cursor.extent.start.file.name))
            a.functions[function.key] = function
        elif kind in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL) and function is None:
            a.linkage_specs.append(cursor)  # (libclang exposes `extern "C"` as either)
        elif kind == K.ASM_STMT and function is not None:
            a.asm_statements.append((cursor, function))
        elif function is not None:
            self.visit_expression(cursor, parents, function)
        else:
            self.note_address_taken(cursor, parents)  # in a namespace-scope initializer
            callee = cursor.referenced if kind == K.CALL_EXPR else None
            if callee is not None and kind_of(callee) in FUNCTION_KINDS:
                a.namespace_calls.append((cursor, key_of(callee)))
        parents.append(cursor)
        for child in cursor.get_children():
            if kind_of(child) != K.ANNOTATE_ATTR:
                self.walk(child, parents, function)
        parents.pop()

    def visit_expression(self, cursor, parents, function):
        a = self.analysis
        kind = kind_of(cursor)
        if kind == K.RETURN_STMT:
            function.returns.append(cursor)
        elif kind == K.CALL_EXPR:
            callee = cursor.referenced
            evaluated = not any(kind_of(p) in UNEVALUATED for p in parents)
            if callee is not None and "simt:suspends" in annotations(callee):
                if evaluated:
                    function.primitives.append((cursor, list(parents)))
            elif callee is not None and callee.spelling in BLOCKING_WAITS and \
                    qualified_name(callee).startswith("std::"):
                a.errors.append(error_at(
                    cursor, f"'{callee.spelling}' on a standard atomic (cuda::std::atomic is "
                            f"std::atomic on the emulator) in device code: the waiting thread "
                            f"would block the CPU thread that runs its whole block, the thread "
                            f"that would wake it among them (wait at __syncthreads() or a "
                            f"cuda::barrier instead)"))
            elif callee is not None and kind_of(callee) in FUNCTION_KINDS:
                function.calls.append(Call(cursor, key_of(callee), callee.spelling,
                                           list(parents)))
            elif callee is None or kind_of(callee) == K.OVERLOADED_DECL_REF:
                # A call in a template whose callee depends on its parameters: known by name.
                name = cursor.spelling or callee_name(cursor)
                if name in self.unit.primitive_names and name not in a.by_name and evaluated:
                    function.primitives.append((cursor, list(parents)))
                else:
                    function.calls.append(Call(cursor, None, name, list(parents)))
        else:
            self.note_address_taken(cursor, parents)
        if kind in (K.ARRAY_SUBSCRIPT_EXPR, K.UNARY_OPERATOR, K.MEMBER_REF_EXPR, K.DECL_REF_EXPR):
            a.accesses.append((cursor, list(parents)))
            if kind == K.DECL_REF_EXPR and cursor.spelling in self.namespace_shared_names:
                ref = cursor.referenced
                if (ref is not None and kind_of(ref) == K.VAR_DECL and
                        "simt:shared" in annotations(ref) and at_namespace_scope(ref)):
                    a.shared_references.append((cursor, function))
        elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            a.divisions.append((cursor, list(parents)))


    def note_address_taken(self, cursor, parents):
        """A reference to a function other than as the callee of a call (its address taken)."""
        if kind_of(cursor) not in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.OVERLOADED_DECL_REF):
            return
        ref = cursor.referenced
        if ref is None or kind_of(ref) not in FUNCTION_KINDS:
            return
        parent = parents[-1] if parents else None
        callee_position = parent is not None and (
            kind_of(parent) == K.CALL_EXPR or
            (kind_of(parent) == K.UNEXPOSED_EXPR and len(parents) > 1 and
             kind_of(parents[-2]) == K.CALL_EXPR and
             list(parents[-2].get_children())[0] == parent))
        if not callee_position:
            self.analysis.address_taken.append((cursor, key_of(ref)))


def callee_name(call):
    """The name a call uses for its callee when clang could not resolve it: the function's name,
    or the member's (`tile.shfl_down(v, d)` names shfl_down, not tile)."""
    children = list(call.get_children())
    if not children:
        return ""
    callee = children[0]
    for c in callee.walk_preorder():
        if kind_of(c) == K.MEMBER_REF_EXPR:
            names = [d.spelling for d in c.get_children()
                     if kind_of(d) == K.OVERLOADED_DECL_REF and d.spelling]
            if names:
                return names[-1]
            if c.spelling:
                return c.spelling
        elif kind_of(c) in (K.OVERLOADED_DECL_REF, K.DECL_REF_EXPR) and c.spelling:
            return c.spelling
    return ""
