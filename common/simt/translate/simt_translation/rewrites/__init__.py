"""The rewrites: one module per kind of construct C++ cannot run as CUDA does. Each takes the
parsed unit and the analysis and returns a Rewrite: its text edits and the errors it found. None
reads another's edits; the output applies them all."""

from dataclasses import dataclass, field

from ..text_edits import FileEdits


@dataclass
class Rewrite:
    edits: FileEdits = field(default_factory=FileEdits)
    errors: list = field(default_factory=list)
