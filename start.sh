#!/usr/bin/env bash
# Install Kontor into .venv and run it: on Discord when DISCORD_TOKEN is set, otherwise a bot
# demo game followed by the terminal table (you against two bots). Arguments go to `kontor`.
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -x .venv/bin/python ]; then
  "${PYTHON:-python3}" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
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
