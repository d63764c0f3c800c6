#!/usr/bin/env bash
# Install Kontor with its dev tools into .venv, then lint and run the whole test suite.
# Extra arguments go to pytest (e.g. `bash test.sh tests/contract -x`).
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  "${PYTHON:-python3}" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
.venv/bin/ruff check .
.venv/bin/mypy bot rules render
.venv/bin/python -m pytest -q "$@"
