#!/usr/bin/env bash
# Install Kontor into .venv and run it: on Discord when DISCORD_TOKEN is set, otherwise a bot
# demo game followed by the terminal table (you against two bots). Arguments go to `kontor`.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  "${PYTHON:-python3}" -m venv .venv
fi
# Install only when what the install depends on changed (the code itself is an editable install): the project file,
# the build hook and the translations it compiles. The stamp is written only after an install that succeeded.
stamp=".venv/.kontor-start-stamp"
wanted="$(cat pyproject.toml hatch_build.py bot/locales/*/LC_MESSAGES/*.po \
  | .venv/bin/python -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest(), "-e .")')"
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ] || [ ! -x .venv/bin/kontor ] \
    || ! ls bot/locales/*/LC_MESSAGES/*.mo >/dev/null 2>&1; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
  echo "$wanted" > "$stamp"
fi
if [ -f .env ]; then  # optional local settings (DISCORD_TOKEN, KONTOR_DB, KONTOR_GUILD); never committed
  set -a; . ./.env; set +a
fi
if [ "$#" -gt 0 ]; then
  exec .venv/bin/kontor "$@"
elif [ -n "${DISCORD_TOKEN:-}" ]; then
  exec .venv/bin/kontor run
else
  echo "DISCORD_TOKEN is not set: running a demo game, then the terminal table."
  .venv/bin/kontor demo speicherstadt
  exec .venv/bin/kontor play speicherstadt --seats me,bot,bot
fi
