"""Keeps the API reference in English in every language of the site.

The entries Breathe generates from common/'s Doxygen comments describe code, and the code is in
English; translating them would also put 150 entries into docs/api.po that change with every
comment edit. This marks every text node inside a generated C++ declaration as untranslatable,
so the gettext builder does not extract it and the Japanese build shows it as it is. The page's
own prose around the reference is translated as usual.
"""
from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform


class KeepDeclarationsInEnglish(SphinxTransform):
    default_priority = 5  # before sphinx.transforms.i18n.Locale (20)

    def apply(self, **kwargs):
        for declaration in self.document.findall(addnodes.desc):
            for node in declaration.findall(nodes.TextElement):
                node["translatable"] = False


def setup(app):
    app.add_transform(KeepDeclarationsInEnglish)
    return {"parallel_read_safe": True, "version": "1"}
