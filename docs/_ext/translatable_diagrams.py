"""Graphviz diagrams whose labels are translated with the rest of their page.

sphinx.ext.graphviz keeps a diagram as DOT source that gettext never sees, so the Japanese site
would show English boxes in Japanese text. This turns each ``graphviz`` node into one that
Sphinx's i18n machinery treats as translatable (``addnodes.translatable``): every quoted
``label="..."`` that contains a word (three or more lower-case letters, so not ``blockIdx
(1, 1)`` or ``i = 0 … 255``) becomes a message in the page's .po file, and the Japanese build
substitutes its translation into the DOT source before Graphviz draws it. A translation keeps
the label's ``\\n`` line breaks and record separators ``|``; it must not contain ``"``.
"""
import re

from sphinx import addnodes
from sphinx.ext.graphviz import graphviz
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)

LABEL = re.compile(r'label="((?:[^"\\]|\\.)*)"')
WORD = re.compile(r"\b[a-z]{3,}\b")


def _labels(code):
    return [text for text in LABEL.findall(code) if WORD.search(text)]


class translatable_graphviz(graphviz, addnodes.translatable):
    """A graphviz node (drawn by the same HTML visitor) with translatable labels."""

    def preserve_original_messages(self):
        self["original_code"] = self["code"]

    def extract_original_messages(self):
        return list(dict.fromkeys(_labels(self.get("original_code", self["code"]))))

    def apply_translated_message(self, original_message, translated_message):
        if '"' in translated_message.replace('\\"', ""):
            logger.warning("translation of diagram label %r contains a quote; kept in English",
                           original_message, location=self)
            return
        self["code"] = self["code"].replace(f'label="{original_message}"',
                                            f'label="{translated_message}"')


class MakeDiagramsTranslatable(SphinxTransform):
    default_priority = 5  # before PreserveTranslatableMessages (10) and Locale (20)

    def apply(self, **kwargs):
        for node in list(self.document.findall(graphviz)):
            if isinstance(node, translatable_graphviz):
                continue
            replacement = translatable_graphviz(node.rawsource, *node.children, **node.attributes)
            replacement.source, replacement.line = node.source, node.line
            node.replace_self(replacement)


def setup(app):
    app.setup_extension("sphinx.ext.graphviz")
    app.add_transform(MakeDiagramsTranslatable)
    return {"parallel_read_safe": True, "version": "1"}
