#!/usr/bin/env bash
# Starts Felt's replicated deployment on this machine, on free ports in a new temp folder, and prints that folder:
#   etcd (one member here; three in production) - Patroni's store for the leader key;
#   two PostgreSQL 15 nodes managed by Patroni: a primary and a synchronous standby (synchronous_mode: on,
#     synchronous_commit = on; Patroni sets synchronous_standby_names);
#   HAProxy on one port, routing to whichever node answers 200 on Patroni's GET /primary;
#   Redis: a master, a replica, and three Sentinels watching the master under the name "felt".
# The folder's `env` file has the addresses (DATABASE_URL through HAProxy, REDIS_SENTINELS, ...) and `pids` the
# processes. Stop it all with bench/ha/down.sh FOLDER. The machine's PostgreSQL (5432) and Redis (6379) are not used.
# As root the servers run as the postgres user (PostgreSQL refuses root), in a folder that user owns.
#
# Failure detection, from the environment (Patroni's and Sentinel's defaults unless set):
#   PATRONI_TTL=30 PATRONI_LOOP_WAIT=10 PATRONI_RETRY_TIMEOUT=10 SENTINEL_DOWN_AFTER_MS=30000
# A tuned set: PATRONI_TTL=10 PATRONI_LOOP_WAIT=2 PATRONI_RETRY_TIMEOUT=4 SENTINEL_DOWN_AFTER_MS=2000
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
"$HERE/install.sh"

TTL="${PATRONI_TTL:-30}"
LOOP_WAIT="${PATRONI_LOOP_WAIT:-10}"
RETRY_TIMEOUT="${PATRONI_RETRY_TIMEOUT:-10}"
DOWN_AFTER_MS="${SENTINEL_DOWN_AFTER_MS:-30000}"
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
PY=/usr/bin/python3

DIR="$(mktemp -d "${TMPDIR:-/tmp}/felt-ha-XXXXXX")"
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres:postgres "$DIR"
  RUN_AS=(setpriv --reuid=postgres --regid=postgres --init-groups)
fi
chmod 700 "$DIR"
# On any failure while starting: stop what was started and remove the folder.
trap 'status=$?; if [ $status -ne 0 ]; then echo "up.sh failed; logs:" >&2; tail -n 15 "$DIR"/*.log >&2 || true; "$HERE/down.sh" "$DIR"; fi' EXIT

# Twelve free ports, asked of the kernel at once (bound together, so no two are the same).
read -r P_ETCD P_ETCD_PEER P_REST1 P_REST2 P_PG1 P_PG2 P_ROUTER P_REDIS1 P_REDIS2 P_S1 P_S2 P_S3 < <($PY -c '
import socket
socks = [socket.socket() for _ in range(12)]
for s in socks: s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))')

as_owner() { "${RUN_AS[@]}" env HOME="$DIR" "$@"; }
# start NAME COMMAND...: a detached process (its own session), logged to NAME.log, its pid in `pids`.
start() {
  local name="$1"; shift
  setsid "${RUN_AS[@]}" env HOME="$DIR" "$@" >"$DIR/$name.log" 2>&1 < /dev/null &
  echo "$name $!" >> "$DIR/pids"
}
wait_for() { # wait_for SECONDS WHAT COMMAND...
  local deadline=$((SECONDS + $1)) what="$2"; shift 2
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then echo "timed out waiting for $what" >&2; return 1; fi
    sleep 0.5
  done
}
as_owner touch "$DIR/pids"

# etcd 3.4, one member.
start etcd etcd --name etcd1 --data-dir "$DIR/etcd" \
  --listen-client-urls "http://127.0.0.1:$P_ETCD" --advertise-client-urls "http://127.0.0.1:$P_ETCD" \
  --listen-peer-urls "http://127.0.0.1:$P_ETCD_PEER" --initial-advertise-peer-urls "http://127.0.0.1:$P_ETCD_PEER" \
  --initial-cluster "etcd1=http://127.0.0.1:$P_ETCD_PEER" --initial-cluster-state new
wait_for 30 etcd env ETCDCTL_API=3 etcdctl --endpoints "127.0.0.1:$P_ETCD" endpoint health

patroni_config() { # NODE PG_PORT REST_PORT
  cat <<YAML
scope: felt
namespace: /felt-ha/
name: $1
restapi:
  listen: 127.0.0.1:$3
  connect_address: 127.0.0.1:$3
etcd3:
  hosts: 127.0.0.1:$P_ETCD
bootstrap:
  dcs:
    ttl: $TTL
    loop_wait: $LOOP_WAIT
    retry_timeout: $RETRY_TIMEOUT
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        synchronous_commit: "on"
        wal_level: replica
        hot_standby: "on"
        max_connections: 300
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        wal_log_hints: "on"
  initdb:
    - encoding: UTF8
    - auth: trust
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:$2
  connect_address: 127.0.0.1:$2
  data_dir: $DIR/$1/data
  bin_dir: $PG_BIN
  pgpass: $DIR/$1/pgpass
  authentication:
    superuser: {username: postgres, password: postgres}
    replication: {username: replicator, password: replicator}
    rewind: {username: postgres, password: postgres}
  parameters:
    unix_socket_directories: $DIR/$1
tags:
  nofailover: false
  noloadbalance: false
YAML
}
for node in 1 2; do
  pg_port_var="P_PG$node"; rest_port_var="P_REST$node"
  as_owner mkdir -m 700 "$DIR/node$node"
  patroni_config "node$node" "${!pg_port_var}" "${!rest_port_var}" | as_owner tee "$DIR/node$node.yml" >/dev/null
done
# node1 first, so that it bootstraps and leads; node2 then clones it and becomes the synchronous standby.
start node1 patroni "$DIR/node1.yml"
wait_for 120 "node1 to lead" curl -sf "http://127.0.0.1:$P_REST1/primary"
start node2 patroni "$DIR/node2.yml"
wait_for 180 "node2 to be the synchronous standby" sh -c "curl -sf http://127.0.0.1:$P_REST2/sync"

cat <<CFG | as_owner tee "$DIR/haproxy.cfg" >/dev/null
global
  maxconn 2000
defaults
  mode tcp
  timeout connect 3s
  timeout client 60m
  timeout server 60m
  timeout check 2s
listen felt-primary
  bind 127.0.0.1:$P_ROUTER
  option httpchk GET /primary
  http-check expect status 200
  # Checked every second; down after 2 failures; its connections cut at once so clients reconnect to the new primary.
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
  server node1 127.0.0.1:$P_PG1 check port $P_REST1
  server node2 127.0.0.1:$P_PG2 check port $P_REST2
CFG
start haproxy haproxy -db -f "$DIR/haproxy.cfg"
wait_for 30 "HAProxy to route to the primary" "$PG_BIN/psql" -h 127.0.0.1 -p "$P_ROUTER" -U postgres -d postgres -Atc 'SELECT NOT pg_is_in_recovery()' -v ON_ERROR_STOP=1

# Redis: a master and a replica (append-only files, fsync every second), three Sentinels (quorum 2).
for node in 1 2; do as_owner mkdir -m 700 "$DIR/redis$node"; done
start redis1 redis-server --bind 127.0.0.1 --port "$P_REDIS1" --dir "$DIR/redis1" --appendonly yes --save ''
start redis2 redis-server --bind 127.0.0.1 --port "$P_REDIS2" --dir "$DIR/redis2" --appendonly yes --save '' --replicaof 127.0.0.1 "$P_REDIS1"
wait_for 30 "the Redis replica to sync" sh -c "redis-cli -p $P_REDIS2 info replication | grep -q 'master_link_status:up'"
i=0
for port in $P_S1 $P_S2 $P_S3; do
  i=$((i + 1))
  as_owner mkdir -m 700 "$DIR/sentinel$i"
  as_owner tee "$DIR/sentinel$i/sentinel.conf" >/dev/null <<CONF
bind 127.0.0.1
port $port
dir $DIR/sentinel$i
sentinel monitor felt 127.0.0.1 $P_REDIS1 2
sentinel down-after-milliseconds felt $DOWN_AFTER_MS
sentinel failover-timeout felt 60000
sentinel parallel-syncs felt 1
CONF
  start "sentinel$i" redis-sentinel "$DIR/sentinel$i/sentinel.conf"
done
wait_for 30 "the Sentinels to see each other and the replica" sh -c "redis-cli -p $P_S1 sentinel master felt | grep -A1 -x num-other-sentinels | tail -1 | grep -qx 2"

as_owner tee "$DIR/env" >/dev/null <<ENV
HA_DIR=$DIR
DATABASE_URL=postgres://postgres@127.0.0.1:$P_ROUTER/postgres
HA_NODES=node1:127.0.0.1:$P_PG1:$P_REST1,node2:127.0.0.1:$P_PG2:$P_REST2
HA_ETCD=127.0.0.1:$P_ETCD
REDIS_URL=redis://127.0.0.1:$P_REDIS1
REDIS_SENTINELS=127.0.0.1:$P_S1,127.0.0.1:$P_S2,127.0.0.1:$P_S3
REDIS_SENTINEL_NAME=felt
HA_REDIS_NODES=127.0.0.1:$P_REDIS1,127.0.0.1:$P_REDIS2
PATRONI_TTL=$TTL
PATRONI_LOOP_WAIT=$LOOP_WAIT
PATRONI_RETRY_TIMEOUT=$RETRY_TIMEOUT
SENTINEL_DOWN_AFTER_MS=$DOWN_AFTER_MS
ENV
trap - EXIT
echo "$DIR"
