#!/usr/bin/env bash
# Stops everything bench/ha/up.sh started in FOLDER (by the pids it recorded, and each PostgreSQL by its data
# folder's postmaster.pid), then removes the folder.
set -uo pipefail
DIR="${1:?usage: down.sh FOLDER (the one up.sh printed)}"
case "$DIR" in */felt-ha-*) ;; *) echo "not a folder of up.sh: $DIR" >&2; exit 1 ;; esac
[ -d "$DIR" ] || exit 0
alive() { kill -0 "$1" 2>/dev/null; }
pids=()
if [ -f "$DIR/pids" ]; then
  while read -r _ pid; do pids+=("$pid"); done < "$DIR/pids"
fi
# Patroni first (it stops its PostgreSQL on SIGTERM), then the rest.
for pid in "${pids[@]}"; do alive "$pid" && kill -TERM "$pid"; done
for _ in $(seq 1 40); do
  left=0; for pid in "${pids[@]}"; do alive "$pid" && left=1; done
  [ $left -eq 0 ] && break; sleep 0.25
done
for pid in "${pids[@]}"; do alive "$pid" && kill -KILL "$pid"; done
# A PostgreSQL whose Patroni was killed -9 runs on: stop it by its own pid file.
for pidfile in "$DIR"/node*/data/postmaster.pid; do
  [ -f "$pidfile" ] || continue
  pid="$(head -1 "$pidfile")"
  if alive "$pid"; then kill -QUIT "$pid"; sleep 0.5; alive "$pid" && kill -KILL "$pid"; fi
done
rm -rf "$DIR"
