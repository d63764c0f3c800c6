"""The Docker image installs: a wheel built from exactly the files the Dockerfile copies installs and runs.

The image's ``pip install .`` sees only what its ``COPY`` lines bring in; a file the build needs but the Dockerfile
leaves out (the build hook ``hatch_build.py`` once) breaks every image while every test run from the checkout passes.
So the test reads the COPY lines, copies those paths into an empty directory, builds a wheel there and installs it
into a fresh virtual environment (its dependencies borrowed from the test environment, so it runs offline), then
runs ``kontor --help`` from it. With a Docker daemon it also builds the image itself.
"""

from __future__ import annotations

import importlib.util
import shlex
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def copied_paths(dockerfile: str) -> list[tuple[str, str]]:
    """(source, destination) of every ``COPY`` line, relative to the build context and the work dir."""
    pairs = []
    for line in dockerfile.splitlines():
        if line.split(maxsplit=1)[:1] != ["COPY"]:  # a comment may hold any text, an apostrophe too
            continue
        words = shlex.split(line)
        args = [w for w in words[1:] if not w.startswith("--")]
        *sources, dest = args
        for source in sources:
            target = dest if not dest.endswith("/") else f"{dest}{Path(source).name}"
            pairs.append((source, target))
    return pairs


def build_context(into: Path) -> Path:
    """A directory holding only what the Dockerfile copies, where it copies it."""
    for source, dest in copied_paths(DOCKERFILE.read_text()):
        src = ROOT / source
        target = into / dest
        if src.is_dir():
            shutil.copytree(src, target, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return into


def test_copy_lines_are_read() -> None:
    assert copied_paths("FROM x\nCOPY a.toml README.md ./\nCOPY --chown=1 rules ./rules\n# it is Kontor's\n") == [
        ("a.toml", "./a.toml"), ("README.md", "./README.md"), ("rules", "./rules")]


def test_the_wheel_from_the_dockerfiles_files_installs_and_runs(tmp_path: Path) -> None:
    app = build_context(tmp_path / "app")
    wheels = tmp_path / "wheels"
    # Without build isolation when hatchling is at hand (the dev install has it): no registry needed, and quick.
    offline = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                            *offline, "--wheel-dir", str(wheels), str(app)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("kontor-*.whl")

    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    # The dependencies (discord.py, Pillow…) from this environment, after the new one's own site-packages. A plain
    # path in a .pth is not a site dir, so this environment's editable Kontor (its own .pth) is not picked up.
    ours = [p for p in {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()}
            if p and Path(p).is_dir()]
    (purelib / "zz_test_deps.pth").write_text("".join(f"{p}\n" for p in sorted(ours)))
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                "--no-index", "--quiet", "--disable-pip-version-check", str(wheel)],
                               capture_output=True, text=True, timeout=120)
    assert installed.returncode == 0, installed.stdout + installed.stderr

    run_dir = tmp_path / "elsewhere"  # not the checkout: the installed package must be the one that runs
    run_dir.mkdir()
    helped = subprocess.run([str(env_dir / "bin" / "kontor"), "--help"], capture_output=True, text=True,
                            cwd=run_dir, timeout=60)
    assert helped.returncode == 0, helped.stderr
    assert "verify" in helped.stdout and "backup" in helped.stdout
    where = subprocess.run([str(python), "-c", "import bot, bot.lang; print(bot.__file__)"], capture_output=True,
                           text=True, cwd=run_dir, check=True).stdout.strip()
    assert Path(where).is_relative_to(purelib), where
    # the hook ran: the translations were compiled into the wheel
    assert list((purelib / "bot" / "locales").glob("*/LC_MESSAGES/*.mo"))
    # the frozen engines of earlier rules versions ship too: a record an earlier release made verifies
    old = ROOT / "tests" / "fixtures" / "releases" / "2026-11-24a" / "nuernberg.record.json"
    verified = subprocess.run([str(env_dir / "bin" / "kontor"), "verify", str(old)], capture_output=True, text=True,
                              cwd=run_dir, timeout=120)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "replays under version 1" in verified.stdout


def docker_available() -> bool:
    if shutil.which("docker") is None:
        return False
    try:
        return subprocess.run(["docker", "info"], capture_output=True, timeout=20).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def test_the_image_builds() -> None:
    if not docker_available():
        pytest.skip("no Docker daemon here (`docker info` fails): the image build is not tried")
    built = subprocess.run(["docker", "build", "--quiet", "-t", "kontor-release-test", str(ROOT)],
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stderr[-3000:]
    helped = subprocess.run(["docker", "run", "--rm", "kontor-release-test", "kontor", "--help"],
                            capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0, helped.stderr
