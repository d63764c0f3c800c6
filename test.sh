#!/usr/bin/env bash
# Install Kontor with its dev tools into .venv, then lint and run the whole test suite.
# Extra arguments go to pytest (e.g. `bash test.sh tests/contract -x`).
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  "${PYTHON:-python3}" -m venv .venv
fi
# As start.sh: install only when the project file, the build hook or the translations changed (a clean clone has no
# stamp, so it always installs).
stamp=".venv/.kontor-test-stamp"
wanted="$(cat pyproject.toml hatch_build.py bot/locales/*/LC_MESSAGES/*.po \
  | .venv/bin/python -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest(), "-e .[dev]")')"
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ] || [ ! -x .venv/bin/pytest ] \
    || ! ls bot/locales/*/LC_MESSAGES/*.mo >/dev/null 2>&1; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
  echo "$wanted" > "$stamp"
fi
# The PostgreSQL tests start a throwaway server (tests/support/pgserver.py) from Debian's postgresql package:
# install it when it is missing and this machine lets us (root with apt). Otherwise those tests fail and say why,
# unless KONTOR_PG=off skips them on purpose.
if [ "${KONTOR_PG:-}" != "off" ] && [ -z "${KONTOR_PG_BIN:-}" ] \
    && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: installing PostgreSQL for the tests (apt-get install postgresql)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null; } \
      || echo "test.sh: installing postgresql failed: the PostgreSQL tests will fail and say why" >&2
  else
    echo "test.sh: PostgreSQL's server binaries are missing and cannot be installed here: the PostgreSQL tests" \
         "will fail (install the postgresql package, or set KONTOR_PG=off to skip them)" >&2
  fi
fi
# The web tests drive a real headless Chromium (tests/support/chromium.py): Debian's chromium package, installed the
# same way when it is missing. Where it cannot be installed, those tests are skipped and say why.
if [ "${KONTOR_BROWSER:-}" != "off" ] && [ -z "${KONTOR_CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 \
    && ! command -v chromium-browser >/dev/null 2>&1 && ! command -v google-chrome >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "test.sh: installing Chromium for the web tests (apt-get install chromium)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; } \
      || echo "test.sh: installing chromium failed: the browser tests will be skipped and say why" >&2
  else
    echo "test.sh: no Chromium and it cannot be installed here: the browser tests will be skipped (install the" \
         "chromium package, or set KONTOR_CHROMIUM)" >&2
  fi
fi
.venv/bin/ruff check .
.venv/bin/mypy bot rules render
# Two workers (pytest-xdist), one per core of the 2-core machines this runs on: about 7 minutes instead of 13.
.venv/bin/python -m pytest -q -n "${KONTOR_TEST_WORKERS:-2}" "$@"
