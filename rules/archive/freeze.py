"""Freeze the rules of an earlier commit into an engine archive: ``python -m rules.archive.freeze COMMIT RELEASE``.

Takes ``rules/`` as it was at COMMIT (``git archive``), renames the package ``rules`` to ``kontor_rules_<release>``
in every import of its modules (so it loads beside today's ``rules`` without touching it), and writes the zip
``rules/archive/<release>.zip``. Every file is compiled first; a reference to ``rules`` left unrenamed is an error.
The archive is never edited by hand: a fix to an old engine would change how its games replay.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
IMPORT = re.compile(r"^(\s*)(from|import)\s+rules(?=[\s.])", re.MULTILINE)
QUOTED = re.compile(r"(?<=[\"'])rules\.")  # importlib.import_module(f"rules.{name}")
LEFT = re.compile(r"^\s*import\s+rules\b", re.MULTILINE)  # binds the name rules: cannot be renamed


def package_name(release: str) -> str:
    return "kontor_rules_" + re.sub(r"\W", "_", release)


def freeze(commit: str, release: str) -> Path:
    package = package_name(release)
    tar = subprocess.run(["git", "archive", "--format=tar", commit, "rules"], cwd=ROOT, check=True,
                         capture_output=True).stdout
    target = HERE / f"{release}.zip"
    with tarfile.open(fileobj=io.BytesIO(tar)) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for member in sorted(source.getmembers(), key=lambda m: m.name):
            if not member.isfile() or not member.name.endswith(".py") or member.name.startswith("rules/archive/"):
                continue
            handle = source.extractfile(member)
            assert handle is not None
            text = QUOTED.sub(package + ".", IMPORT.sub(rf"\1\2 {package}", handle.read().decode()))
            if LEFT.search(text):
                raise SystemExit(f"{member.name}: a reference to 'rules' this script cannot rename")
            name = package + member.name.removeprefix("rules")
            compile(text, name, "exec")
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))  # the same commit: the same bytes
            out.writestr(info, text, zipfile.ZIP_DEFLATED)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("release", help="the release's name, e.g. 2026-11-24a")
    args = parser.parse_args()
    print(freeze(args.commit, args.release))


if __name__ == "__main__":
    main()
