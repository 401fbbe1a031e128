#!/usr/bin/env bash
# A streaming replica of an existing PostgreSQL primary, on this machine, for trying
# DATABASE_REPLICA_URLS. Bash rather than TypeScript: it only drives the
# PostgreSQL programs, and an operator can run it on a database host with no node_modules.
#
#   scripts/pg-replica.sh create --primary URL --port N --dir DIR [--apply-delay-ms N] [--allow-replication]
#   scripts/pg-replica.sh start|stop|status|remove --dir DIR [--mode fast|immediate]
#
# create: pg_basebackup -R of the primary into DIR (the data directory, owned by the
#   `postgres` user when run as root), listening on 127.0.0.1:N with trust auth, hot standby.
#   --apply-delay-ms sets recovery_min_apply_delay, to imitate a lagging replica.
#   A primary whose pg_hba.conf refuses replication connections is left alone: the script
#   prints the line to add; with --allow-replication it appends that line and reloads the
#   primary (only a primary on this machine, through a loopback address or socket).
# stop --mode: fast (default) or immediate. remove: stops the replica and deletes DIR.
# PG_BIN=/path/to/bin picks the PostgreSQL programs; by default /usr/lib/postgresql/<major>/bin.
set -euo pipefail

die() { echo "pg-replica: $*" >&2; exit 1; }
usage() { sed -n '6,7p' "$0" | sed 's/^# *//' >&2; exit 2; }

cmd=${1:-}; [ -n "$cmd" ] || usage; shift
primary='' port='' dir='' delay='' allow=0 mode=fast
while [ $# -gt 0 ]; do
  case $1 in
    --primary) primary=${2:?}; shift 2 ;;
    --port) port=${2:?}; shift 2 ;;
    --dir) dir=${2:?}; shift 2 ;;
    --apply-delay-ms) delay=${2:?}; shift 2 ;;
    --allow-replication) allow=1; shift ;;
    --mode) mode=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    *) die "unknown option $1" ;;
  esac
done
[ -n "$dir" ] || die "--dir is required"
dir=$(realpath -m "$dir")
marker=$dir/csapi-replica.conf # written by create; remove deletes only dirs that have it

# initdb, postgres and pg_ctl refuse to run as root: run them as the postgres user.
as_pg() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }

bin_for() { # bin dir for a major version
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  [ -x "/usr/lib/postgresql/$1/bin/pg_ctl" ] || die "no PostgreSQL $1 programs in /usr/lib/postgresql/$1/bin (set PG_BIN)"
  echo "/usr/lib/postgresql/$1/bin"
}

any_psql() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN/psql"; return; fi
  local p; p=$(printf '%s\n' /usr/lib/postgresql/*/bin/psql | sort -V | tail -n1)
  if [ -x "$p" ]; then echo "$p"; else echo psql; fi
}

with_param() { case $1 in *\?*) echo "$1&$2" ;; *) echo "$1?$2" ;; esac; }

running() { [ -f "$dir/postmaster.pid" ] && as_pg "$BIN/pg_ctl" -D "$dir" status >/dev/null 2>&1; }

start() {
  port=$(sed -n "s/^port = //p" "$marker")
  if running; then echo "pg-replica: already running on port $port"; return; fi
  if ! as_pg "$BIN/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 -s start; then
    echo "pg-replica: the replica did not start; $dir/server.log ends with:" >&2
    tail -n 20 "$dir/server.log" >&2
    exit 1
  fi
  for _ in $(seq 1 50); do
    "$BIN/pg_isready" -q -h 127.0.0.1 -p "$port" && { echo "pg-replica: running: postgres://postgres@127.0.0.1:$port/postgres"; return; }
    sleep 0.2
  done
  die "the replica does not accept connections on port $port; see $dir/server.log"
}

# Makes sure the primary takes replication connections; says what to change if it does not.
check_replication() {
  local err host line hba
  err=$("$PSQL" "$(with_param "$primary" replication=true)" -XAtqc "IDENTIFY_SYSTEM" 2>&1 >/dev/null) && return 0
  host=$(sed -n 's/.*no pg_hba.conf entry for replication connection from host "\([^"]*\)".*/\1/p' <<<"$err" | head -n1)
  [ -n "$host" ] || die "the primary refuses a replication connection: $err"
  case $host in
    \[local\]) line="local replication all trust" ;;
    *:*) line="host replication all $host/128 trust" ;;
    *) line="host replication all $host/32 trust" ;;
  esac
  hba=$("$PSQL" "$primary" -XAtqc "show hba_file" 2>/dev/null || echo "the primary's pg_hba.conf")
  if [ "$allow" != 1 ]; then
    cat >&2 <<EOF
pg-replica: the primary refuses replication connections:
  $(head -n1 <<<"$err")
Add this line to $hba
  $line
then reload the primary (select pg_reload_conf()), or run this command again with
--allow-replication to have the line added and the primary reloaded.
EOF
    exit 1
  fi
  case $host in 127.*|::1|\[local\]) ;; *) die "--allow-replication only edits a primary on this machine; add the line on the primary's host: $line" ;; esac
  [ -w "$hba" ] || die "cannot write $hba; add this line to it and reload the primary: $line"
  echo "pg-replica: adding to $hba: $line"
  printf '\n# added by csapi scripts/pg-replica.sh --allow-replication on %s\n%s\n' "$(date -u +%FT%TZ)" "$line" >>"$hba"
  "$PSQL" "$primary" -XAtqc "select pg_reload_conf()" >/dev/null
  sleep 0.5 # the reload is asynchronous
  local bad; bad=$("$PSQL" "$primary" -XAtqc "select count(*) from pg_hba_file_rules where error is not null")
  [ "$bad" = 0 ] || die "$hba now has $bad line(s) in error (see pg_hba_file_rules); fix it and reload"
  err=$("$PSQL" "$(with_param "$primary" replication=true)" -XAtqc "IDENTIFY_SYSTEM" 2>&1 >/dev/null) ||
    die "still refused after the reload (an earlier line in $hba may match first): $err"
}

create() {
  [ -n "$primary" ] || die "--primary is required"
  [ -n "$port" ] || die "--port is required"
  [[ $port =~ ^[0-9]+$ ]] || die "--port must be a number"
  [ -z "$delay" ] || [[ $delay =~ ^[0-9]+$ ]] || die "--apply-delay-ms must be a number"
  if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then die "$dir exists and is not empty"; fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then die "port $port is already in use"; fi

  PSQL=$(any_psql)
  local major
  major=$("$PSQL" "$primary" -XAtqc "select current_setting('server_version_num')::int / 10000") ||
    die "cannot connect to the primary $primary"
  BIN=$(bin_for "$major")
  PSQL=$BIN/psql
  [ "$("$PSQL" "$primary" -XAtqc "show wal_level")" != minimal ] ||
    die "the primary has wal_level = minimal: set wal_level = replica there and restart it"
  check_replication

  # A hot standby needs these at least as high as on its primary.
  local limits
  limits=$("$PSQL" "$primary" -XAtqF ' = ' -c "select name, setting from pg_settings where name in
    ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')")

  created=0
  [ -e "$dir" ] || { mkdir -p "$dir"; created=1; }
  trap '[ $created = 1 ] && rm -rf "$dir"' EXIT
  [ "$(id -u)" != 0 ] || chown postgres:postgres "$dir"
  chmod 700 "$dir"
  echo "pg-replica: copying the primary into $dir (pg_basebackup)"
  as_pg "$BIN/pg_basebackup" -d "$primary" -D "$dir" -R -X stream -c fast --no-sync

  # A Debian-style primary keeps its config in /etc, outside the copied data directory.
  if [ ! -f "$dir/postgresql.conf" ]; then
    : >"$dir/postgresql.conf"
    printf 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n' >"$dir/pg_hba.conf"
    : >"$dir/pg_ident.conf"
  fi
  # Unix sockets have a ~100 byte path limit: no socket for a deep dir.
  local sockets=$dir; [ ${#dir} -lt 90 ] || sockets=''
  cat >"$marker" <<EOF
# written by scripts/pg-replica.sh; overrides what the primary's postgresql.conf says
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$sockets'
cluster_name = 'replica-$port'
hot_standby = on
hot_standby_feedback = on
wal_retrieve_retry_interval = '1s'
logging_collector = off
recovery_min_apply_delay = '${delay:-0}ms'
$limits
EOF
  printf "\ninclude = 'csapi-replica.conf'\n" >>"$dir/postgresql.conf"
  [ "$(id -u)" != 0 ] || chown postgres:postgres "$dir"/*.conf
  start
  trap - EXIT
}

case $cmd in
  create) create ;;
  start|stop|status|remove)
    [ -f "$marker" ] || die "$dir is not a replica made by this script (no csapi-replica.conf)"
    BIN=$(bin_for "$(cat "$dir/PG_VERSION")")
    case $cmd in
      start) start ;;
      stop) if running; then as_pg "$BIN/pg_ctl" -D "$dir" -m "$mode" -w -t 60 -s stop; fi; echo "pg-replica: stopped" ;;
      status)
        if ! running; then echo "pg-replica: stopped"; exit 3; fi
        port=$(sed -n "s/^port = //p" "$marker")
        "$BIN/psql" "postgres://postgres@127.0.0.1:$port/postgres" -Xc "select pg_is_in_recovery() as replica,
          pg_last_wal_receive_lsn() as received, pg_last_wal_replay_lsn() as replayed,
          now() - pg_last_xact_replay_timestamp() as since_last_replayed_commit" ;;
      remove)
        if running; then as_pg "$BIN/pg_ctl" -D "$dir" -m immediate -w -t 60 -s stop; fi
        rm -rf "$dir"; echo "pg-replica: removed $dir" ;;
    esac ;;
  *) usage ;;
esac
