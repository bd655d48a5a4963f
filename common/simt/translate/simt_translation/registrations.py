"""What the generated source registers with the emulator, under the names nvcc gives them in
device code (the emulator learns from nvcc's own registration which host function or shadow
variable of a CUDA source has which device name):

- each kernel, and each explicit instantiation of a kernel template, with its twin, its name as
  written and its compile-time cluster shape;
- each `__device__`, `__constant__` and `__managed__` variable at namespace scope, with its size,
  for simt::memcpy_to_symbol and friends."""

import os
from dataclasses import dataclass

from .cursors import K, annotations, device_name, kind_of, qualified_name, \
    qualified_type_name, specialization_arguments, twin_variable
from .diagnostics import TranslationFailed, error_at
from .parse import parse
from .sources import read_text

SYMBOL_ANNOTATIONS = {"simt:device", "simt:constant", "simt:managed"}


@dataclass
class KernelRegistration:
    device_name: str  # the kernel's name in device code
    twin: str  # an expression for the twin's address, in the generated source
    name: str  # the kernel as written, for messages
    cluster_dims: str  # a ::simt::Dim3 expression
    # The variable a whole program's header gives its twin's address in, which host code names
    # where the kernel's name alone does not pick the twin (cursors.twin_variable()); None for
    # an explicit instantiation, which host code does not name.
    variable: str = None


@dataclass
class SymbolRegistration:
    device_name: str  # the variable's name in device code
    variable: str  # an expression naming the emulator's variable, in the generated source
    name: str  # the variable as written, for messages
    constant: bool  # a __constant__ variable, whose reads the counters count


def kernels(unit, analysis, instantiations, namespace):
    result = []
    overloads = {}
    for k in analysis.kernels:
        if kind_of(k) == K.FUNCTION_DECL:
            overloads.setdefault(qualified_name(k), []).append(k)
    for k in analysis.kernels:
        if kind_of(k) != K.FUNCTION_DECL:
            continue
        name = qualified_name(k)
        arguments = specialization_arguments(k)
        if arguments is None:
            raise TranslationFailed([error_at(k, f"an explicit specialisation of the kernel "
                                                 f"template '{name}' with a template as a "
                                                 f"template argument: the emulator cannot name "
                                                 f"it to register it")])
        twin = f"&::{namespace}::{name}{arguments}"
        if len(overloads[name]) > 1 or arguments:
            # Its type's names qualified, as the registration (outside the kernel's namespace)
            # needs them.
            twin = f"static_cast<std::add_pointer_t<{qualified_type_name(k.type)}>>({twin})"
        result.append(KernelRegistration(device_name(k), twin, name + arguments,
                                         cluster_dims(unit, k), twin_variable(device_name(k))))
    instantiations = [i for i in instantiations if i.is_kernel]
    for i, specialization in zip(instantiations, specializations(unit, instantiations)):
        if specialization is None:
            continue
        name = qualified_name(i.template)
        twin = f"static_cast<void (*){i.parameters}>(&::{namespace}::{name}<{i.arguments}>)"
        result.append(KernelRegistration(device_name(specialization), twin,
                                         f"{name}<{i.arguments}>", cluster_dims(unit, i.template)))
    return result


def specializations(unit, instantiations):
    """The function declaration clang makes for each explicit instantiation (None where it
    makes none): the file is parsed once more with a probe that names each one."""
    if not instantiations:
        return []
    probes = []
    for n, i in enumerate(instantiations):
        probes.append(f"auto* simt_probe_{n} = static_cast<void (*){i.parameters}>"
                      f"(&::{qualified_name(i.template)}<{i.arguments}>);")
    options = unit.options
    # The texts the translation parsed (a whole program's device pass, a file whose alignas
    # moved), the kernel file's with the probes after it.
    texts = dict(options.unsaved or {})
    text = texts.get(options.input)
    if text is None:
        text = read_text(options.input)
    texts[options.input] = text + "\n" + "\n".join(probes) + "\n"
    probed = parse(options, unsaved=[(path, t.encode("latin-1")) for path, t in texts.items()],
                   declarations_only=True)
    found = {}
    for c in probed.cursor.get_children():
        if kind_of(c) == K.VAR_DECL and c.spelling.startswith("simt_probe_"):
            for d in c.walk_preorder():
                if kind_of(d) == K.DECL_REF_EXPR and d.referenced is not None and \
                        kind_of(d.referenced) == K.FUNCTION_DECL:
                    found[int(c.spelling[len("simt_probe_"):])] = d.referenced
                    break
    return [found.get(n) for n in range(len(instantiations))]


def symbols(analysis, namespace):
    result = []
    for v in analysis.namespace_variables:
        if not annotations(v) & SYMBOL_ANNOTATIONS:
            continue
        name = qualified_name(v)
        result.append(SymbolRegistration(device_name(v), f"::{namespace}::{name}", name,
                                         "simt:constant" in annotations(v)))
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
