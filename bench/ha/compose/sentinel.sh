#!/bin/sh
# A Sentinel of the ha profile: it rewrites its configuration, so the file is made fresh in its own volume.
set -e
mkdir -p /sentinel
cat > /sentinel/sentinel.conf <<CONF
port 26379
dir /sentinel
sentinel resolve-hostnames yes
sentinel announce-hostnames yes
sentinel monitor felt ha-redis1 6379 2
sentinel down-after-milliseconds felt 30000
sentinel failover-timeout felt 60000
sentinel parallel-syncs felt 1
CONF
exec redis-sentinel /sentinel/sentinel.conf
