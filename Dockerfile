# Kontor in a container: slim Python, non-root, the SQLite file on a volume.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    KONTOR_DB=/data/kontor.sqlite3

# /backups: a mount point for KONTOR_BACKUP_DIR (a new volume takes this owner, so the bot may write there).
RUN useradd --system --uid 10001 --create-home kontor && mkdir /data /backups && chown kontor:kontor /data /backups
WORKDIR /app

# Wheels only: discord.py, aiohttp, aiosqlite and Pillow need no compiler. Fonts ship inside render/.
# hatch_build.py: the build hook that compiles the translations (.po -> .mo); pip install stops without it.
COPY pyproject.toml README.md hatch_build.py ./
COPY rules ./rules
COPY render ./render
COPY bot ./bot
RUN pip install .

USER kontor
VOLUME ["/data"]
# `kontor web` (the tables' pages; docs/web.md) when run with KONTOR_WEB_ADDR=0.0.0.0:8080, behind a reverse proxy.
EXPOSE 8080
# `kontor run` handles SIGTERM (docker stop) and SIGINT alike: it closes the gateway and the
# database (checkpointing the WAL) before exiting.
STOPSIGNAL SIGTERM
CMD ["kontor", "run"]
