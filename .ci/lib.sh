# Shared by .ci/dev and .ci/test: install what is missing and start a
# project-local PostgreSQL. Source it; do not run it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL="$ROOT/.local"
mkdir -p "$LOCAL"

# A step's line, with the time (UTC) so a slow stage shows in CI's output;
# bold on a terminal, plain in a log.
log() {
  local stamp
  stamp=$(date -u +%H:%M:%S)
  if [ -t 2 ]; then
    printf '\033[1m==> %s %s\033[0m\n' "$stamp" "$*" >&2
  else
    printf '==> %s %s\n' "$stamp" "$*" >&2
  fi
}

# Runs a step with a time limit, so a hung test fails the run with its name
# instead of holding CI until its own limit: bounded MINUTES NAME COMMAND...
bounded() {
  local minutes=$1 name=$2
  shift 2
  local rc=0
  timeout --kill-after=30s "${minutes}m" "$@" || rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    log "$name did not finish within $minutes minutes (a test hangs?): stopped"
  fi
  return "$rc"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    log "need root for: $*"; return 1; fi
}

APT_UPDATED=""
apt_install() {
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

ensure_postgres_binaries() {
  if [ -z "$(pg_bin)" ]; then
    log "installing PostgreSQL server binaries (apt)"
    apt_install postgresql
  fi
}

# Starts (or reuses) a cluster that belongs to this checkout and prints its
# admin URL. initdb refuses to run as root, so as root the cluster runs as the
# postgres user in a directory that user can reach.
start_local_postgres() {
  ensure_postgres_binaries
  local bin port dir owner
  bin="$(pg_bin)"
  if [ "$(id -u)" -eq 0 ]; then
    dir="${RECRUIT_PG_DIR:-/tmp/recruit-pg-$(printf '%s' "$ROOT" | md5sum | cut -c1-10)}"
    owner=postgres
    id postgres >/dev/null 2>&1 || as_root useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
  else
    dir="${RECRUIT_PG_DIR:-$LOCAL/pg}"
    owner="$(id -un)"
  fi
  run_pg() { if [ "$owner" = "$(id -un)" ]; then "$@"; else runuser -u "$owner" -- "$@"; fi; }
  mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown "$owner" "$dir"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    log "creating a project-local PostgreSQL cluster in $dir"
    run_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  fi
  if run_pg "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    # Already running: its port is line 4 of postmaster.pid.
    port="$(sed -n 4p "$dir/data/postmaster.pid")"
  else
    # The first free port from RECRUIT_PG_PORT (another checkout's cluster may hold it).
    port="${RECRUIT_PG_PORT:-55432}"
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    log "starting PostgreSQL on 127.0.0.1:$port"
    run_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=256MB" start >/dev/null
  fi
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

ensure_database() { # $1 = server admin URL, $2 = database name
  local url="$1" db="$2"
  psql_cmd "$url" -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1 ||
    psql_cmd "$url" -qc "CREATE DATABASE \"$db\""
}

psql_cmd() {
  local psql
  psql="$(command -v psql || echo "$(pg_bin)/psql")"
  "$psql" "$@"
}

with_database() { # $1 = URL, $2 = database -> URL for that database
  local url="${1%%\?*}"
  echo "${url%/*}/$2"
}

ensure_node() {
  local major=0
  if command -v node >/dev/null; then major=$(node -p 'process.versions.node.split(".")[0]'); fi
  if [ "$major" -lt 18 ]; then
    log "installing Node.js and npm (apt)"
    apt_install nodejs npm
    major=$(node -p 'process.versions.node.split(".")[0]')
  fi
  if [ "$major" -lt 20 ]; then
    log "Node $major is too old for Vite 8: installing Node 22 from the npm registry into .local/node"
    npm install --silent --prefix "$LOCAL/node" node@22 >/dev/null
    export PATH="$LOCAL/node/node_modules/.bin:$PATH"
  fi
}

ensure_rust() {
  if ! command -v cargo >/dev/null; then
    if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; else
      log "cargo is missing: install Rust 1.90 or newer with rustup first"; exit 1; fi
  fi
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    log "installing Chromium (apt) for the browser tests"
    apt_install chromium
  fi
}

web_deps() {
  if [ ! -d "$ROOT/web/node_modules" ] || [ "$ROOT/web/package-lock.json" -nt "$ROOT/web/node_modules/.package-lock.json" ]; then
    log "installing web dependencies (npm ci)"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# A free TCP port on 127.0.0.1: the first from $1 up that nothing listens on,
# or the kernel's pick without $1.
free_port() {
  if [ -z "${1:-}" ]; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    return
  fi
  local port=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

# moto (PyPI) in server mode: a real S3-protocol server for the S3 tests,
# installed into a project-local virtual environment like Schemathesis.
# Prints the path of moto_server.
ensure_moto() {
  local venv="$LOCAL/s3-venv"
  if [ ! -x "$venv/bin/moto_server" ]; then
    log "installing moto (an S3 server for the tests) into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'moto[server]>=5,<6'
  fi
  echo "$venv/bin/moto_server"
}

# Starts moto (in-memory S3) on a free port of 127.0.0.1, logging to $1, and
# sets MOTO_PORT and MOTO_PID; $2, if given, is the first port to try. The
# caller stops it (kill "$MOTO_PID").
start_moto() {
  local bin logfile=$1
  bin="$(ensure_moto)"
  MOTO_PORT="$(free_port "${2:-}")"
  "$bin" -H 127.0.0.1 -p "$MOTO_PORT" >"$logfile" 2>&1 &
  MOTO_PID=$!
  for _ in $(seq 1 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$MOTO_PORT/" && break
    kill -0 "$MOTO_PID" 2>/dev/null || { cat "$logfile" >&2; return 1; }
    sleep 0.1
  done
  curl -sf -o /dev/null "http://127.0.0.1:$MOTO_PORT/" || { log "moto did not start"; return 1; }
}

# Starts moto and exports what the S3 tests read: TEST_S3_ENDPOINT,
# TEST_MOTO_SERVER (the restart test starts its own) and credentials (moto
# takes any). Call it in the shell that runs the tests, and stop_s3 when done
# (or trap it).
start_s3() {
  start_moto "$LOCAL/moto.log" || return 1
  S3_PID=$MOTO_PID
  log "S3 server (moto) on http://127.0.0.1:$MOTO_PORT"
  export TEST_S3_ENDPOINT="http://127.0.0.1:$MOTO_PORT" TEST_MOTO_SERVER="$(ensure_moto)"
  export AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_REGION=us-east-1
}

stop_s3() {
  if [ -n "${S3_PID:-}" ]; then
    kill "$S3_PID" 2>/dev/null || true
    wait "$S3_PID" 2>/dev/null || true
    S3_PID=""
  fi
}

haproxy_bin() { command -v haproxy || { [ -x /usr/sbin/haproxy ] && echo /usr/sbin/haproxy; }; }

ensure_haproxy() {
  if [ -z "$(haproxy_bin)" ]; then
    log "installing HAProxy (apt)"
    apt_install haproxy
  fi
}

ensure_wrk() {
  if ! command -v wrk >/dev/null; then
    log "installing wrk (apt)"
    apt_install wrk
  fi
}

# A streaming hot standby of the PostgreSQL on 127.0.0.1:$1: pg_basebackup -R
# into $2, started on 127.0.0.1:$3 with its socket in $4 and its log in $2.log.
# Run as the clusters' owner: the caller defines run_pg (as .ci/faults does).
start_standby() {
  local primary_port=$1 data=$2 port=$3 sockets=$4
  local pg
  pg="$(pg_bin)"
  run_pg "$pg/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$data" -R -X stream
  run_pg "$pg/pg_ctl" -D "$data" -l "$data.log" -w \
    -o "-p $port -k $sockets -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
}
