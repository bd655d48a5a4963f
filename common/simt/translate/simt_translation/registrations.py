"""What the generated source registers with the emulator: each kernel (and each explicit
instantiation of a kernel template) under the name nvcc gives it, with its twin, its name as
written and its compile-time cluster shape."""

import os
from dataclasses import dataclass

import clang.cindex as ci

from .cursors import K, kind_of, qualified_name
from .parse import parse


@dataclass
class KernelRegistration:
    mangled: str  # the symbol of nvcc's host stub
    twin: str  # an expression for the twin's address, in the generated source
    name: str  # the kernel as written, for messages
    cluster_dims: str  # a ::simt::Dim3 expression


def kernels(unit, analysis, instantiations, namespace):
    result = []
    names = {}
    for k in analysis.kernels:
        if kind_of(k) == K.FUNCTION_DECL:
            names.setdefault(qualified_name(k), []).append(k)
    for k in analysis.kernels:
        if kind_of(k) != K.FUNCTION_DECL or k.linkage != ci.LinkageKind.EXTERNAL:
            continue
        name = qualified_name(k)
        twin = f"&::{namespace}::{name}"
        if len(names[name]) > 1:
            twin = f"static_cast<std::add_pointer_t<{k.type.spelling}>>({twin})"
        result.append(KernelRegistration(k.mangled_name, twin, name, cluster_dims(unit, k)))
    if not instantiations:
        return result
    probes = []
    for n, i in enumerate(instantiations):
        probes.append(f"auto* simt_probe_{n} = static_cast<void (*){i.parameters}>"
                      f"(&::{qualified_name(i.template)}<{i.arguments}>);")
    options = unit.options
    with open(options.input, "rb") as f:
        text = f.read().decode("utf-8") + "\n" + "\n".join(probes) + "\n"
    probed = parse(options, unsaved=[(options.input, text)], skip_bodies=True)
    mangled = {}
    for c in probed.cursor.get_children():
        if kind_of(c) == K.VAR_DECL and c.spelling.startswith("simt_probe_"):
            for d in c.walk_preorder():
                if kind_of(d) == K.DECL_REF_EXPR and d.referenced is not None and \
                        kind_of(d.referenced) == K.FUNCTION_DECL:
                    mangled[int(c.spelling[len("simt_probe_"):])] = d.referenced.mangled_name
                    break
    for n, i in enumerate(instantiations):
        if n not in mangled:
            continue
        name = qualified_name(i.template)
        twin = f"static_cast<void (*){i.parameters}>(&::{namespace}::{name}<{i.arguments}>)"
        result.append(KernelRegistration(mangled[n], twin, f"{name}<{i.arguments}>",
                                         cluster_dims(unit, i.template)))
    return result


def cluster_dims(unit, kernel):
    path = os.path.abspath(kernel.extent.start.file.name)
    text = unit.sources.text(path)
    for where, start, end in unit.cluster_dims:
        if where == path and kernel.extent.start.offset <= start < kernel.extent.end.offset:
            written = text[start:end]
            inner = written[written.index("(") + 1:written.rindex(")")]
            return f"::simt::Dim3({inner})"
    return "::simt::Dim3(1, 1, 1)"
