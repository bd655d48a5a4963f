"""The ``run-panel`` directive: a chapter's sample, run in the reader's browser.

``{run-panel} 01_vector_add`` puts a panel on the page with the sample's options as form fields
(as its CPU build describes them: ``--describe-options``, saved by the docs target), a Run and a
Stop button, and the sample's output as it comes. docs/run_panel/run_panel.js builds the panel;
the sample is the chapter's CPU build compiled to WebAssembly (tools/wasm), run in a Web Worker.
Where the docs were built without the WebAssembly build, the panel says so. With
``:source: path/to/kernels.cuh`` (from the repository's root) the panel shows that file beside
the output and marks the lines the output names (``kernels.cuh:LINE``): the "find the bug" page.
"""
import json
import os

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri


class RunPanel(SphinxDirective):
    required_arguments = 1
    option_spec = {"source": directives.unchanged_required}

    def run(self):
        program = self.arguments[0]
        options_path = os.path.join(self.config.sample_output_dir, program + ".options.json")
        if not self.config.sample_output_dir or not os.path.isfile(options_path):
            raise ExtensionError(f"run-panel: no options at {options_path!r} "
                                 "(build the docs through the CMake 'docs' target)")
        self.env.note_dependency(options_path)
        with open(options_path, encoding="utf-8") as f:
            options = json.load(f)
        module = ""
        wasm_dir = self.config.run_panel_wasm_dir
        if wasm_dir and os.path.isfile(os.path.join(wasm_dir, "wasm", program + ".wasm")):
            page = self.env.app.builder.get_target_uri(self.env.docname)
            module = self.config.run_panel_module_prefix + relative_uri(
                page, f"_static/wasm/{program}.wasm")
        attributes = {"data-program": program, "data-module": module,
                      "data-options": json.dumps(options["options"], ensure_ascii=False)}
        if "source" in self.options:
            source_path = os.path.join(self.env.srcdir, self.options["source"])
            self.env.note_dependency(source_path)
            with open(source_path, encoding="utf-8") as f:
                attributes["data-source"] = f.read()
            attributes["data-source-name"] = os.path.basename(source_path)
        html = "<div class=\"run-panel\"" + "".join(
            f" {name}=\"{_escaped(value)}\"" for name, value in attributes.items()) + "></div>"
        return [nodes.raw("", html, format="html")]


def _escaped(text):
    return (text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))


def setup(app):
    app.add_config_value("run_panel_wasm_dir", "", "env")
    # Prepended to a module's address: "../" where the site is a language's subfolder of the
    # site that carries the modules (docs/conf.py).
    app.add_config_value("run_panel_module_prefix", "", "env")
    app.add_directive("run-panel", RunPanel)
    return {"parallel_read_safe": True, "version": "1"}
