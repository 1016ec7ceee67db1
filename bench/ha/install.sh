#!/usr/bin/env bash
# Installs, as root, the Debian packages the replicated deployment needs when they are missing:
# Patroni 3 (with its etcd client), etcd 3.4, HAProxy 2.6, Redis Sentinel 7, PostgreSQL 15's server.
# Services are not started by the packages here (the scripts start their own on free ports).
set -euo pipefail
need=()
command -v patroni >/dev/null || need+=(patroni python3-psycopg2)
command -v etcd >/dev/null || need+=(etcd-server)
command -v etcdctl >/dev/null || need+=(etcd-client)
command -v haproxy >/dev/null || need+=(haproxy)
command -v redis-sentinel >/dev/null || need+=(redis-sentinel)
command -v redis-server >/dev/null || need+=(redis-server)
command -v curl >/dev/null || need+=(curl)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "missing: ${need[*]}; run bench/ha/install.sh as root (apt-get install)" >&2
  exit 1
fi
echo "installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
