"""The ``sample-output`` directive: shows what a sample printed when the docs were built.

The docs target runs every sample on the CPU emulator before Sphinx and saves its output;
``{sample-output} 01_vector_add`` then shows that file, so the expected output on a page is
always the output of the code on that page. The same directive shows the failures a chapter
records with ``add_docs_capture`` (a refused option, a bug the emulator reports): their
one-line messages are wrapped at 100 columns for reading, continuation lines indented.
"""
import os
import textwrap

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
        text = "\n".join(_wrapped(line) for line in text.splitlines()) + "\n"
        block = nodes.literal_block(text, text)
        block["language"] = "text"
        return [block]


def _wrapped(line, width=100):
    if len(line) <= width:
        return line
    return "\n".join(textwrap.wrap(line, width, subsequent_indent="    ", break_on_hyphens=False,
                                    break_long_words=False))


def setup(app):
    app.add_config_value("sample_output_dir", "", "env")
    app.add_directive("sample-output", SampleOutput)
    return {"parallel_read_safe": True, "version": "1"}
