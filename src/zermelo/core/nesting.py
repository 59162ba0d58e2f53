"""JSON nested too deep, refused before a parser recurses into it: a hostile text nested
thousands deep must not reach ``json.loads``, whose recursion a raised recursion limit (some
searches raise it) would let overflow the C stack, and whose answer would otherwise depend on
that limit."""

from __future__ import annotations

MAX_NESTING = 32
"""The deepest nesting of lists and objects accepted (the project's own files and requests
nest three or four deep)."""


def too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether the JSON ``text`` nests lists and objects deeper than ``limit`` (brackets
    inside strings do not count).

    >>> too_deep('{"a": [1, "[[["]}', 2), too_deep("[[[]]]", 2)
    (False, True)
    """
    depth = 0
    inside = escaped = False
    for char in text:
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False
