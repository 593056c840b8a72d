"""The package's version: the Go module version of its library, as PEP 440.

The library reports the version ``c4 version`` prints for a build of the
same commit (``fourgen.go_version``): a release's tag (``v0.1.0``), the go
command's pseudo-version of an untagged commit
(``v0.0.0-20261201080000-0123456789ab``, with ``+dirty`` for a tree with
uncommitted changes) or ``(devel)`` for a build without VCS information.
:func:`pep440` maps it to the version Python's packaging reads; the wheel's
metadata and ``fourgen.__version__`` are both that mapping:

=========================================  ==========================================
Go                                         PEP 440
=========================================  ==========================================
``v0.1.0``                                 ``0.1.0``
``v0.2.0-rc.1``                            ``0.2.0rc1``
``v0.0.0-20261201080000-0123456789ab``     ``0.0.0.dev20261201080000+0123456789ab``
``v0.1.1-0.20261201080000-0123456789ab``   ``0.1.1.dev20261201080000+0123456789ab``
``v0.2.0-rc.1.0.20261201080000-0123...``   ``0.2.0rc1.dev20261201080000+0123...``
``...+dirty``                              ``...+....dirty``
``(devel)``                                ``0.0.0+devel``
=========================================  ==========================================

A pseudo-version is a development release before the version it names,
as in Go; its commit is the local label. This file has no imports of the
package, so that the build (``backend/wheelbuild.py``) can use it before the package
exists.
"""

from __future__ import annotations

import re

__all__ = ["pep440"]

_SEMVER = re.compile(r"v(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?")
_PSEUDO = re.compile(r"(?:(?P<base>.+)\.0\.|0\.)?(?P<time>\d{14})-(?P<rev>[0-9a-f]{12})")
_PRE = re.compile(r"(alpha|a|beta|b|rc|c|pre|preview)[.-]?(\d*)", re.IGNORECASE)
_PRE_NAMES = {"alpha": "a", "a": "a", "beta": "b", "b": "b", "rc": "rc", "c": "rc", "pre": "rc", "preview": "rc"}


def _label(text: str) -> str:
    """A local-version label from text: lower-case letters and digits, dotted."""
    return ".".join(part for part in re.split(r"[^0-9a-z]+", text.lower()) if part)


def _pre(label: str) -> tuple[str, str]:
    """A semver pre-release label as a PEP 440 pre-release and, for a label
    PEP 440 has no form of, a development release with the label as local
    version."""
    m = _PRE.fullmatch(label)
    if m:
        return _PRE_NAMES[m.group(1).lower()] + (m.group(2) or "0"), ""
    return ".dev0", _label(label)


def pep440(go_version: str) -> str:
    """Map a Go module version (as ``c4 version`` prints it) to PEP 440.

    >>> pep440("v0.1.0")
    '0.1.0'
    >>> pep440("v0.0.0-20261201080000-0123456789ab+dirty")
    '0.0.0.dev20261201080000+0123456789ab.dirty'
    >>> pep440("(devel)")
    '0.0.0+devel'
    """
    m = _SEMVER.fullmatch(go_version)
    if not m:
        return "0.0.0+" + (_label(go_version) or "unknown")
    major, minor, patch, pre, build = m.groups()
    public = f"{int(major)}.{int(minor)}.{int(patch)}"
    local = []
    if pre:
        pseudo = _PSEUDO.fullmatch(pre)
        if pseudo:
            if pseudo.group("base"):
                tag, extra = _pre(pseudo.group("base"))
                public += tag if not extra else ""
                local += [extra] if extra else []
            public += ".dev" + pseudo.group("time")
            local.insert(0, pseudo.group("rev"))
        else:
            tag, extra = _pre(pre)
            public += tag
            local += [extra] if extra else []
    if build:
        local.append(_label(build))
    local = [part for part in local if part]
    return public + ("+" + ".".join(local) if local else "")
