"""The ``sample-output`` directive: shows what a sample printed when the docs were built.

The docs target runs every sample on the CPU emulator before Sphinx and saves its output;
``{sample-output} 01_vector_add`` then shows that file, so the expected output on a page is
always the output of the code on that page.
"""
import os

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.util.docutils import SphinxDirective


class SampleOutput(SphinxDirective):
    required_arguments = 1

    def run(self):
        directory = self.config.sample_output_dir
        path = os.path.join(directory, self.arguments[0] + ".txt")
        if not directory or not os.path.isfile(path):
            raise ExtensionError(f"sample-output: no captured output at {path!r} "
                                 "(build the docs through the CMake 'docs' target)")
        self.env.note_dependency(path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def setup(app):
    app.add_config_value("sample_output_dir", "", "env")
    app.add_directive("sample-output", SampleOutput)
    return {"parallel_read_safe": True, "version": "1"}
