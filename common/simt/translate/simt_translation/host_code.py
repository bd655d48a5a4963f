"""A whole program's host code (simt-nvcc, simt_add_executable()). nvcc compiles a `.cu` file
twice: a device pass, which sees `__CUDA_ARCH__` and compiles the kernels, and a host pass,
which does not, and in which each kernel is a host function (its stub) that launches it. The
emulator's translation does the same:

- clang parses the file as CUDA host code (`-x cuda --cuda-host-only`, the emulator's runtime
  API in front), which is where `<<<...>>>` launches parse, through a function pointer, in a
  template or in a macro alike (macro_launches rewrites those a macro writes);
- the device pass is the kernel-file translation, run on the file with the definitions of its
  host-only functions taken out (device code cannot call them, and they hold the launches), and
  each launch in device code (dynamic parallelism) written as `__L(Kernel, grid, block, ...)
  (arguments)` (simt/detail/device_launch.hpp) (a `__shared__ alignas(N)`, which clang refuses,
  is then swapped by the parse, as in a kernel file: alignas_order.py);
- the host pass is the file with each launch written as nvcc writes it,
  `(__cudaPushCallConfiguration(grid, block, ...) ? (void)0 : Kernel(arguments))`, each kernel's
  body replaced by a call that runs its twin (simt/runtime/kernel_stubs.hpp), and the bodies of
  device-only functions taken out (host code cannot call them).

Byte offsets are kept: what is taken out is replaced by blanks and the line breaks it held, and
a launch in device code by a call as long as it."""

import bisect
import os
from dataclasses import dataclass, field

import clang.cindex as ci

from . import macro_launches
from .brackets import opening
from .clang_arguments import LANGUAGE
from .cursors import K, device_name, kind_of, qualified_name, specialization_arguments, \
    twin_variable
from .diagnostics import Diagnostic, TranslationFailed, error_at_offset
from .sources import read_text
from .text_edits import FileEdits

DEFINITION_KINDS = {K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD, K.CONSTRUCTOR,
                    K.DESTRUCTOR, K.CONVERSION_FUNCTION}
SCOPES = {K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL, K.CLASS_DECL, K.STRUCT_DECL,
          K.UNION_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
TEMPLATE_PARAMETERS = {K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER,
                       K.TEMPLATE_TEMPLATE_PARAMETER}


@dataclass
class HostCode:
    """What the host parse found, per user file: the text the device pass is to see, and the
    host pass's edits."""
    device_texts: dict = field(default_factory=dict)  # path -> text (latin-1 str)
    edits: FileEdits = field(default_factory=FileEdits)
    shadows: list = field(default_factory=list)  # (qualified name, device name) of variables
    launch_macros: list = field(default_factory=list)  # macros whose launches were rewritten
    user_files: set = field(default_factory=set)
    # path -> [(start, end, included path)]: the #include directives of the user files that the
    # host pass reads (some are in branches the device pass skips, by __CUDA_ARCH__)
    includes: dict = field(default_factory=dict)
    # (path, start, end) of the kernels' and device functions' bodies, which the host pass
    # replaces or blanks as a whole
    device_bodies: list = field(default_factory=list)


def host_arguments(options):
    runtime = os.path.join(options.simt_include, "simt", "runtime")
    stand_ins = os.path.join(options.simt_include, "simt", "cuda")
    arguments = ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", *LANGUAGE,
                 "-Wno-unknown-cuda-version", "-ferror-limit=0", "-DSIMT_TRANSLATING",
                 f"-DSIMT_CUDA_ARCH={options.cuda_arch}", "-I" + options.simt_include,
                 "-I" + runtime, "-I" + stand_ins, "-include", "simt/runtime/host_parse.h"]
    arguments += ["-I" + d for d in options.include_dirs if d]
    arguments += ["-D" + d for d in options.defines if d]
    return arguments


def analyse(options, is_user_file, namespace, own):
    """Parses the file as host code; the device pass's texts and the host pass's edits.
    `is_user_file(path)`: whether a header is the program's own (translated with it);
    `namespace`, `own`: where the device pass puts the kernels' twins."""
    try:
        tu = ci.Index.create().parse(options.input, args=host_arguments(options),
                                     options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    except ci.TranslationUnitLoadError:
        raise TranslationFailed([Diagnostic(options.input, 1, 1, "clang could not read this "
                                                                 "file as CUDA")]) from None
    walk = _Walk(tu, is_user_file, f"::{namespace}::{own}::", options.relocatable_device_code)
    walk.run()
    errors = walk.errors + _host_errors(tu, walk.device_bodies, is_user_file)
    if errors:
        raise TranslationFailed(errors[:1] if not walk.errors else walk.errors)
    result = HostCode(edits=walk.edits, shadows=walk.shadows, user_files=walk.files,
                      launch_macros=sorted(walk.launch_macros),
                      includes=_host_includes(tu, is_user_file),
                      device_bodies=walk.device_bodies)
    for path in walk.files:
        text = walk.text(path)
        for start, end, replacement in sorted(walk.device_blanks.get(path, [])):
            text = text[:start] + _blank(text[start:end], replacement) + text[end:]
        # `Kernel<<<configuration>>>(` becomes `__L(Kernel,configuration)(`: as long, so that
        # the offsets after it stay where they were (launches nested in arguments: last first).
        for start, open_at, close_end in sorted(walk.device_launches.get(path, []), reverse=True):
            text = (text[:start] + "__L(" + text[start:open_at] + "," +
                    text[open_at + 3:close_end - 3] + ")" + text[close_end:])
        result.device_texts[path] = text
    return result


STUB_MARK = "__device_stub__"


def kernel_device_name(cursor):
    """A kernel's device name (cursors.device_name()) as the device pass has it: clang's host
    side mangles the kernel's name with a mark in front, `_Z23__device_stub__Kernelv` for
    `_Z6Kernelv`."""
    name = cursor.spelling
    marked = f"{len(STUB_MARK) + len(name)}{STUB_MARK}{name}"
    return device_name(cursor).replace(marked, f"{len(name)}{name}", 1)


def _blank(text, replacement=""):
    """`replacement` (a character: `;` for a body's `{`), then blanks for the rest of `text`,
    keeping its line breaks and its preprocessor directives (a function may hold an `#if` whose
    `#endif` must stay), but not its pragmas: a `#pragma unroll` is about a loop that is gone, and
    the host compiler warns of one it does not know. As long as `text`."""
    lines, in_pragma = [], False
    for line in text.split("\n"):
        directive = line.lstrip().startswith("#")
        pragma = in_pragma or (directive and line.lstrip()[1:].lstrip().startswith("pragma"))
        in_pragma = pragma and line.endswith("\\")  # a pragma continued on the next line
        lines.append(line if directive and not pragma else " " * len(line))
    blanked = "\n".join(lines)
    return replacement + blanked[len(replacement):]


def _host_errors(tu, device_bodies, is_user_file):
    """clang's errors in the host code. Those inside kernels and device functions are left to
    the device pass, which parses them with the emulator's prelude (a host parse sees the
    prelude's device functions as host ones)."""
    errors = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error:
            continue
        location = d.location
        if location.file is None:
            errors.append(Diagnostic(tu.spelling, 1, 1, d.spelling))
            continue
        path = os.path.abspath(location.file.name)
        if any(p == path and start <= location.offset < end
               for p, start, end in device_bodies):
            continue
        if not is_user_file(path):
            continue
        errors.append(Diagnostic(path, location.line, location.column, d.spelling))
    return errors


def _host_includes(tu, is_user_file):
    """The #include directives of the user files as the host pass reads them."""
    includes = {}
    for c in tu.cursor.get_children():
        if kind_of(c) != K.INCLUSION_DIRECTIVE or c.location.file is None:
            continue
        path = os.path.abspath(c.location.file.name)
        if not is_user_file(path):
            continue
        included = c.get_included_file()
        includes.setdefault(path, []).append(
            (c.extent.start.offset, c.extent.end.offset,
             os.path.abspath(included.name) if included is not None else None))
    return includes


class _Walk:
    def __init__(self, tu, is_user_file, twin_prefix, relocatable_device_code):
        self.tu = tu
        self.relocatable_device_code = relocatable_device_code
        self.reported_undefined = set()  # the USRs of undefined __device__ functions reported
        self.defined_here = set()  # the USRs of extern __device__ variables made definitions
        self.is_user_file = is_user_file
        self.twin_prefix = twin_prefix
        self.edits = FileEdits()
        self.device_blanks = {}  # path -> [(start, end, replacement)] for the device pass
        self.device_launches = {}  # path -> [(callee start, `<<<`, after `>>>`)] in device code
        self.device_bodies = []  # (path, start, end) of kernel and device function bodies
        self.shadows = []
        self.errors = []
        self.files = set()
        self._texts = {}
        self._tokens = {}  # path -> all of the file's tokens, once asked for
        self._token_starts = {}  # path -> where each of them starts (ascending)
        self.parameter_count = 0
        self.handled_launches = set()  # (path, offset of `<<<`) rewritten from clang's tree
        self.macro_launches = []  # (path, offset) of launches whose text a macro holds
        self.launch_macros = set()  # names of the macros macro_launches rewrote
        self.host_templates = set()  # names of host-only function templates
        self.kernels = []  # (cursor, path, body) of the kernels defined, stubbed after the walk

    def text(self, path):
        if path not in self._texts:
            self._texts[path] = read_text(path)
        return self._texts[path]

    def run(self):
        self.visit(self.tu.cursor)
        # A stub names its twin by the kernel's name, or, where the name alone is ambiguous (an
        # overload) or needs the device pass's types (an explicit specialisation), by the
        # variable the device pass's header gives its address in (output.twin_variables()).
        definitions = {}
        for cursor, _, _ in self.kernels:
            if kind_of(cursor) == K.FUNCTION_DECL:
                name = qualified_name(cursor)
                definitions[name] = definitions.get(name, 0) + 1
        for cursor, path, body in self.kernels:
            self.kernel(cursor, path, body,
                        kind_of(cursor) == K.FUNCTION_DECL and
                        definitions[qualified_name(cursor)] > 1)
        if self.host_templates:
            for path in sorted(self.files):
                self.drop_instantiations(path)
        rewritten = 0
        for path in sorted(self.files):
            text = self.text(path)
            if "<<<" not in text:
                continue
            handled = {offset for p, offset in self.handled_launches if p == path}
            kernel_bodies = [(start, end) for p, start, end in self.device_bodies if p == path]
            count, names, errors = macro_launches.rewrite(self.tu, path, text, handled,
                                                          kernel_bodies, self.edits.of(path))
            rewritten += count
            self.launch_macros.update(names)
            self.errors += errors
        if self.macro_launches and not rewritten:
            path, offset = self.macro_launches[0]
            self.errors.append(error_at_offset(
                path, self.text(path), offset,
                "a kernel launch (<<<...>>>) written by a macro whose definition is not in the "
                "program's own files: the emulator's translation cannot rewrite it"))

    def drop_instantiations(self, path):
        """The device pass has only a declaration of a host-only function template: it cannot
        instantiate one (`template void reduce<int>(...);`), nor does it need to. clang's tree
        does not show explicit instantiations, so they are found among the file's tokens."""
        text = self.text(path)
        if "template" not in text:
            return
        tokens = macro_launches.file_tokens(self.tu, path, text)
        for i, t in enumerate(tokens[:-1]):
            if t.spelling != "template" or tokens[i + 1].spelling == "<" or \
                    (i > 0 and tokens[i - 1].spelling == "extern"):
                continue
            end = i + 1
            while end < len(tokens) and tokens[end].spelling not in (";", "{", "}"):
                end += 1
            if end == len(tokens) or tokens[end].spelling != ";":
                continue
            names = [tokens[j].spelling for j in range(i + 1, end - 1)
                     if tokens[j + 1].spelling in ("<", "(")]
            if names and names[0] in self.host_templates:
                self.device_blank(path, t.extent.start.offset, tokens[end].extent.start.offset,
                                  "")

    def user_path(self, cursor):
        f = cursor.location.file
        if f is None:
            return None
        path = os.path.abspath(f.name)
        if not self.is_user_file(path):
            return None
        self.files.add(path)
        return path

    def visit(self, scope):
        for c in scope.get_children():
            kind = kind_of(c)
            if kind in SCOPES:
                if self.user_path(c) is not None or kind in (K.NAMESPACE, K.LINKAGE_SPEC,
                                                              K.UNEXPOSED_DECL):
                    self.visit(c)
            elif kind in DEFINITION_KINDS:
                path = self.user_path(c)
                if path is not None:
                    self.function(c, path)
            elif kind == K.VAR_DECL and kind_of(scope) not in (K.CLASS_DECL, K.STRUCT_DECL):
                path = self.user_path(c)
                if path is not None:
                    self.variable(c, path)

    # -- functions -----------------------------------------------------------------------------

    def function(self, cursor, path):
        attributes = {kind_of(a) for a in cursor.get_children()}
        body = next((b for b in cursor.get_children() if kind_of(b) == K.COMPOUND_STMT), None)
        if K.CUDAGLOBAL_ATTR in attributes:
            if body is not None:
                self.device_bodies.append((path, body.extent.start.offset,
                                           body.extent.end.offset))
                self.launches_in_device_code(cursor, path)
                self.calls_defined_elsewhere(body, path)
                self.kernels.append((cursor, path, body))
            return
        if body is None:
            return
        device = K.CUDADEVICE_ATTR in attributes
        host = K.CUDAHOST_ATTR in attributes
        if device and not host:
            self.device_bodies.append((path, body.extent.start.offset, body.extent.end.offset))
            self.launches_in_device_code(cursor, path)
            self.calls_defined_elsewhere(body, path)
            self.take_out(cursor, path, body, self.host_blank)
            return
        if device or self.is_constexpr(cursor):
            return  # __host__ __device__: compiled in both passes
        self.launches(cursor, path)
        member = kind_of(cursor.semantic_parent) in SCOPES - {K.NAMESPACE, K.LINKAGE_SPEC,
                                                               K.UNEXPOSED_DECL}
        outside_class = member and cursor.lexical_parent != cursor.semantic_parent
        if member and not self.has_launch(cursor) and (
                not outside_class or cursor.is_virtual_method()):
            # A member of a class device code may use: its class (a virtual one's table, say)
            # needs its definition, and a host-only body without launches is harmless there.
            # Not one defined outside its class and not virtual: device code cannot call it,
            # and in the device copy (inside the emulator's namespace) the functions it calls
            # from other files' namespaces would be names that nothing defines.
            return
        self.take_out(cursor, path, body, self.device_blank)
        if kind_of(cursor) == K.FUNCTION_TEMPLATE:
            self.host_templates.add(cursor.spelling)

    def is_constexpr(self, cursor):
        return any(t.spelling in ("constexpr", "consteval") for t in self.head_tokens(cursor))

    def head_tokens(self, cursor):
        """The tokens before the function's name."""
        name_offset = cursor.location.offset
        return [t for t in cursor.get_tokens() if t.extent.start.offset < name_offset]

    def take_out(self, cursor, path, body, blank):
        """Takes a definition out of one pass: a function at namespace scope keeps a
        declaration (its body becomes `;`), a member defined outside its class goes (the class
        declares it), and so does a constructor's initializer list with the body."""
        start = body.extent.start.offset
        initializers = [c for c in cursor.get_children() if kind_of(c) == K.MEMBER_REF]
        if kind_of(cursor) == K.CONSTRUCTOR and initializers:
            text = self.text(path)
            colon = text.rfind(":", cursor.location.offset, initializers[0].extent.start.offset)
            if colon > 0:
                start = colon
        outside_class = kind_of(cursor.semantic_parent) in SCOPES - {
            K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL} and cursor.lexical_parent != \
            cursor.semantic_parent
        if outside_class:
            blank(path, self.template_heads_start(cursor, path), body.extent.end.offset, "")
            if blank == self.device_blank:
                self.not_inline_in_class(cursor)
        else:
            blank(path, start, body.extent.end.offset, ";")

    def not_inline_in_class(self, cursor):
        """The device copy of a class keeps the declaration of a member whose definition it
        loses, and its inline virtual members that call it: said `inline`, GCC would warn that
        an inline function is used but never defined. Plainly declared, it is not (and nothing
        calls it: the device copy never makes such an object)."""
        declaration = cursor.canonical
        where = declaration.location.file
        if declaration == cursor or where is None:
            return
        path = os.path.abspath(where.name)
        if not self.is_user_file(path):
            return
        for t in self.head_tokens(declaration):
            if t.spelling == "inline":
                self.device_blank(path, t.extent.start.offset, t.extent.end.offset, "")

    def template_heads_start(self, cursor, path):
        """Where a definition begins with all its template heads: a member of a class template
        defined outside it has its class's head too (`template <class T> template <class U>
        Box<T>::Box(U)`), and clang's extent of the member starts at its own."""
        tokens = self.tokens(path)
        start = cursor.extent.start.offset
        offsets = self._token_starts[path]
        i = bisect.bisect_left(offsets, start)
        if i == len(offsets) or offsets[i] != start:
            return start
        while i > 0 and tokens[i - 1].spelling in (">", ">>"):
            j = opening(tokens, i - 1)
            if j is None or j < 1 or tokens[j - 1].spelling != "template":
                break
            i = j - 1
            start = tokens[i].extent.start.offset
        return start

    def tokens(self, path):
        """All of a file's tokens (its macro definitions' and inactive blocks' too), once."""
        if path not in self._tokens:
            self._tokens[path] = macro_launches.file_tokens(self.tu, path, self.text(path))
            self._token_starts[path] = [t.extent.start.offset for t in self._tokens[path]]
        return self._tokens[path]

    def device_blank(self, path, start, end, replacement):
        self.device_blanks.setdefault(path, []).append((start, end, replacement))

    def host_blank(self, path, start, end, replacement):
        self.edits.of(path).replace(start, end, _blank(self.text(path)[start:end], replacement))

    # -- kernels ---------------------------------------------------------------------------------

    def kernel(self, cursor, path, body, overloaded):
        """The kernel's body in the host pass: a call that runs its twin with the arguments."""
        template = kind_of(cursor) == K.FUNCTION_TEMPLATE
        arguments = ""
        if template:
            names = []
            for p in cursor.get_children():
                if kind_of(p) in TEMPLATE_PARAMETERS:
                    if not p.spelling:
                        self.errors.append(error_at_offset(
                            path, self.text(path), p.extent.start.offset,
                            "a kernel template's parameter without a name: the emulator's "
                            "translation names each one in the kernel's host function"))
                        return
                    names.append(p.spelling + ("..." if self.is_pack(p) else ""))
            arguments = "<" + ", ".join(names) + ">"
        else:
            # An explicit specialisation (`template <> __global__ void Kernel<3>(...)`): the
            # specialisation's own stub, which runs the twin specialised for the device pass's
            # copies of the program's types.
            arguments = specialization_arguments(cursor)
            if arguments is None:
                self.errors.append(error_at_offset(
                    path, self.text(path), cursor.location.offset,
                    "an explicit specialisation of a kernel template for a template: the "
                    "emulator's translation cannot name its twin"))
                return
        text = self.text(path)
        start, end = body.extent.start.offset, body.extent.end.offset
        by_macro = text[start:start + 1] != "{"
        parameters = []
        for p in cursor.get_children():
            if kind_of(p) != K.PARM_DECL:
                continue
            name = p.spelling
            if not name:
                self.parameter_count += 1
                name = f"simt_parameter_{self.parameter_count}"
                if not by_macro:
                    self.edits.of(path).replace(p.extent.end.offset, p.extent.end.offset,
                                                " " + name)
            parameters.append(name + ("..." if self.is_pack(p) else ""))
        if overloaded or (arguments and not template):
            twin = self.twin_prefix + twin_variable(kernel_device_name(cursor))
        else:
            twin = f"&{self.twin_prefix}{qualified_name(cursor)}{arguments}"
        stub = f"&{cursor.spelling}{arguments}"
        if overloaded:
            # The overload with this one's parameters, as the stub's own parameters name them.
            types = ", ".join(f"decltype({p[:-3]})..." if p.endswith("...") else f"decltype({p})"
                              for p in parameters)
            stub = f"static_cast<void (*)({types})>({stub})"
        call = (f"{{ ::simt::runtime::detail::launch_from_stub<{stub}, {twin}>"
                f"({', '.join(parameters)}); }}")
        if by_macro:
            # The whole kernel written by a macro (`DEFINE_KERNEL(Scale)`): its expansion
            # becomes the stub, written from the kernel's type.
            if template or arguments:
                self.errors.append(error_at_offset(
                    path, text, start, "a kernel template written by a macro: the emulator's "
                                       "translation cannot write its host function"))
                return
            typed = [f"{p.type.spelling} {name}" for p, name in
                     zip(cursor.get_arguments(), parameters)]
            start, end = cursor.extent.start.offset, cursor.extent.end.offset
            call = f"{cursor.result_type.spelling} {cursor.spelling}({', '.join(typed)}) {call}"
        self.edits.of(path).replace(start, end, call + "\n" * text.count("\n", start, end))

    def is_pack(self, cursor):
        return any(t.spelling == "..." for t in cursor.get_tokens())

    # -- launches --------------------------------------------------------------------------------

    def has_launch(self, cursor):
        return any(self.configuration(c) is not None for c in cursor.walk_preorder()
                   if kind_of(c) == K.CALL_EXPR)

    def configuration(self, call):
        children = list(call.get_children())
        if len(children) >= 2 and kind_of(children[1]) == K.CALL_EXPR and \
                children[1].spelling == "__cudaPushCallConfiguration":
            return children
        return None

    def launches_of(self, cursor, path):
        """Each launch in `cursor`: (call, callee start, `<<<`, after `>>>`, after the
        arguments, whether the `<<<...>>>` is written there in the file rather than by a
        macro)."""
        text = self.text(path)
        for call in cursor.walk_preorder():
            if kind_of(call) != K.CALL_EXPR:
                continue
            children = self.configuration(call)
            if children is None:
                continue
            start = children[0].extent.start.offset
            open_at = children[1].extent.start.offset
            close_end = children[1].extent.end.offset
            end = call.extent.end.offset
            written = os.path.abspath(call.extent.start.file.name) == path and \
                text[open_at:open_at + 3] == "<<<" and text[close_end - 3:close_end] == ">>>" \
                and start < open_at < close_end <= end
            yield call, start, open_at, close_end, end, written

    def launches(self, cursor, path):
        text = self.text(path)
        for call, start, open_at, close_end, end, written in self.launches_of(cursor, path):
            if not written:
                # Written by a macro: macro_launches rewrites it where its text is.
                self.macro_launches.append((path, call.extent.start.offset))
                continue
            self.handled_launches.add((path, open_at))
            inner = text[open_at + 3:close_end - 3]
            edits = self.edits.of(path)
            edits.wrap(start, end, f"(__cudaPushCallConfiguration({inner}) ? (void)0 : ", ")")
            edits.replace(open_at, close_end, "")

    def calls_defined_elsewhere(self, cursor, path):
        """Without relocatable device code each file's device code is compiled on its own, so a
        __device__ function that this file declares and calls but does not define is defined
        nowhere its kernels can reach: nvcc's ptxas stops at it, and so does the translation
        (rather than the link, naming the emulator's namespaces)."""
        if self.relocatable_device_code:
            return
        for call in cursor.walk_preorder():
            if kind_of(call) != K.CALL_EXPR:
                continue
            callee = call.referenced
            if callee is None or kind_of(callee) != K.FUNCTION_DECL or \
                    callee.get_definition() is not None or "<" in callee.displayname:
                continue
            where = callee.location.file
            if where is None or not self.is_user_file(os.path.abspath(where.name)):
                continue
            attributes = {kind_of(a) for a in callee.get_children()}
            if K.CUDADEVICE_ATTR not in attributes or K.CUDAHOST_ATTR in attributes:
                continue
            if callee.get_usr() in self.reported_undefined:
                continue
            self.reported_undefined.add(callee.get_usr())
            self.errors.append(error_at_offset(
                path, self.text(path), call.extent.start.offset,
                f"__device__ function '{callee.spelling}' is not defined in this file, and "
                "without relocatable device code each file's device code is compiled on its own "
                "(build with -rdc=true or -dc, as nvcc needs, whose ptxas stops with "
                f"\"Unresolved extern function '{callee.mangled_name}'\"; in CMake, the target's "
                "CUDA_SEPARABLE_COMPILATION property)"))

    def launches_in_device_code(self, cursor, path):
        """The launches in a kernel's or device function's body (dynamic parallelism), for the
        device pass to write as calls."""
        for call, start, open_at, close_end, _, written in self.launches_of(cursor, path):
            if not self.relocatable_device_code:
                # nvcc's own error (and its reason: the child kernel is linked with the device
                # runtime, which needs relocatable device code).
                self.errors.append(error_at_offset(
                    path, self.text(path), start,
                    "kernel launch from __device__ or __global__ functions requires separate "
                    "compilation mode (build with -rdc=true or -dc, as nvcc asks; in CMake, the "
                    "target's CUDA_SEPARABLE_COMPILATION property)"))
                continue
            if not written:
                self.errors.append(error_at_offset(
                    path, self.text(path), call.extent.start.offset,
                    "a kernel launch in device code written by a macro: the emulator's "
                    "translation cannot rewrite it (write the launch itself in the function)"))
                continue
            self.device_launches.setdefault(path, []).append((start, open_at, close_end))

    # -- variables -----------------------------------------------------------------------------

    def variable(self, cursor, path):
        attributes = {kind_of(a) for a in cursor.get_children()}
        tokens = {t.spelling for t in cursor.get_tokens()}
        if "__managed__" in tokens:
            self.errors.append(error_at_offset(
                path, self.text(path), cursor.extent.start.offset,
                "a __managed__ variable in a whole program: not emulated yet (allocate it with "
                "cudaMallocManaged)"))
            return
        if K.CUDADEVICE_ATTR in attributes or K.CUDACONSTANT_ATTR in attributes:
            self.shadows.append((qualified_name(cursor), device_name(cursor)))
            self.extern_without_definition(cursor, path)

    def extern_without_definition(self, cursor, path):
        """Without relocatable device code, nvcc treats an `extern __device__` (or
        `__constant__`) variable that the file does not define as a definition of the file's own
        (its warning 20044: "extern declaration of the entity ... is treated as a static
        definition"), zero-initialised: its first declaration says `static` instead of `extern`
        in both passes (as long: the columns stay)."""
        if self.relocatable_device_code or cursor.storage_class != ci.StorageClass.EXTERN or \
                cursor.get_definition() is not None or cursor.get_usr() in self.defined_here:
            return
        extern = next((t for t in cursor.get_tokens() if t.spelling == "extern"), None)
        if extern is None or os.path.abspath(extern.location.file.name) != path:
            return  # `extern "C" { ... }` around it, or written by a macro: left as it is
        self.defined_here.add(cursor.get_usr())
        start, end = extern.extent.start.offset, extern.extent.end.offset
        self.edits.of(path).replace(start, end, "static")
        self.device_blank(path, start, end, "static")


class OriginalTexts:
    """The parsed unit as the host pass reads it: the files' own texts (the device pass read
    them without their host-only functions), the same includes and options."""

    def __init__(self, unit):
        self.options = unit.options
        self.includes = unit.includes
        self.sources = _OriginalSources(unit.sources)


class _OriginalSources:
    def __init__(self, sources):
        self._sources = sources
        self._texts = {}

    def text(self, path):
        if path not in self._texts:
            self._texts[path] = read_text(path)
        return self._texts[path]

    def is_user_file(self, name):
        return self._sources.is_user_file(name)
