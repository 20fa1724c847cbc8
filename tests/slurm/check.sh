#!/usr/bin/env bash
# ./run slurm-check (issue 37 item 5): `hetlab sweep --slurm 4` tested on a real Slurm.
#
# Installs Debian's slurm-wlm and munge when missing, starts a one-node Slurm cluster on this
# machine only (munged with its own key and socket, slurmctld and slurmd on 127.0.0.1, every
# file under a temporary directory, found through SLURM_CONF), builds the release CLI, and for
# every built-in sweep submits the script `hetlab sweep SPEC --slurm 4` prints (a job array of
# 4 shards, then the merge), waits for them, and compares each merged CSV with one
# `hetlab sweep SPEC` byte for byte.
# Every daemon it started is stopped on exit, also on failure; no system file is changed
# (beyond the packages it installs). Outputs and the daemons' logs: target/slurm-check/.
#
# Environment: SLURM_CHECK_SPECS (sweeps, space-separated: files or builtin:NAME; default
# every built-in one), SLURM_CHECK_SHARDS (4),
# SLURM_CHECK_TIMEOUT (seconds the jobs may take, 300), SLURM_CHECK_PORT (slurmctld's port,
# 16817; slurmd takes the next one).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

SHARDS="${SLURM_CHECK_SHARDS:-4}"
TIMEOUT="${SLURM_CHECK_TIMEOUT:-300}"
CTLD_PORT="${SLURM_CHECK_PORT:-16817}"
SLURMD_PORT=$((CTLD_PORT + 1))
OUT="$PWD/target/slurm-check"
HETLAB="$PWD/target/release/hetlab"
NODE="$(hostname -s)"

TMP=""          # the cluster's directory (conf, key, socket, state, spool, logs)
PIDS=()         # the daemons this script started, last started first when stopped
ROOT=()         # the prefix that runs a command as root: none, or sudo
[ "$(id -u)" -eq 0 ] || ROOT=(sudo -n)
NAMES=()        # the sweeps submitted, by name; per name:
declare -A ARRAY MERGE T0 SINGLE_S SLURM_S  # job ids, submission time, seconds of each run

step() { printf '\n==> %s\n' "$*"; }
fail() { printf 'slurm-check: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

as_root() { "${ROOT[@]}" "$@"; }

# Root, or sudo without a password: apt-get and slurmd (which starts jobs as their user) need it.
need_root() {
  if [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; then
    fail "$1 needs root: run as root, or give $(id -un) password-less sudo"
  fi
}

install_missing() {
  local missing=()
  local cmd
  for cmd in slurmctld slurmd sbatch; do
    command -v "$cmd" >/dev/null 2>&1 || { missing+=(slurm-wlm); break; }
  done
  command -v munged >/dev/null 2>&1 || missing+=(munge)
  [ "${#missing[@]}" -eq 0 ] && return
  need_root "installing Debian's ${missing[*]}"
  step "installing Debian's ${missing[*]} (under a minute)"
  as_root apt-get update -qq
  # policy-rc.d or the absence of systemd keeps the packages' own services from starting;
  # if they do start, they use /etc's config, never this check's ports or socket.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# Stops the daemons (cancelling the check's jobs first), keeps their logs, removes $TMP.
cleanup() {
  local status=$? pid i
  trap - EXIT INT TERM
  if [ "${#PIDS[@]}" -gt 0 ]; then
    timeout 10 scancel --user="$(id -un)" >/dev/null 2>&1 || true
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
      pid="${PIDS[$i]}"
      as_root kill "$pid" 2>/dev/null || true
    done
    for pid in "${PIDS[@]}"; do
      for _ in $(seq 50); do as_root kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      as_root kill -9 "$pid" 2>/dev/null || true
    done
    echo "slurm-check: stopped the daemons it started (pids ${PIDS[*]})"
  fi
  if [ -n "$TMP" ] && [ -d "$TMP" ]; then
    mkdir -p "$OUT/daemons"
    cp "$TMP"/log/* "$TMP/slurm.conf" "$OUT/daemons/" 2>/dev/null || true
    as_root rm -rf "$TMP"
  fi
  exit "$status"
}

# A port something already listens on would mix this cluster with another.
port_free() {
  if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then
    fail "port $1 on 127.0.0.1 is taken (another Slurm?): set SLURM_CHECK_PORT to a free port"
  fi
}

write_conf() {
  local user
  user="$(id -un)"
  cat >"$SLURM_CONF" <<EOF
# One-node cluster of ./run slurm-check (tests/slurm/check.sh), on 127.0.0.1 only.
ClusterName=hetlab-check
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=$user
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$TMP/munge/munge.socket
StateSaveLocation=$TMP/state
SlurmdSpoolDir=$TMP/spool
SlurmctldPidFile=$TMP/slurmctld.pid
SlurmdPidFile=$TMP/slurmd.pid
SlurmctldLogFile=$TMP/log/slurmctld.log
SlurmdLogFile=$TMP/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=3600
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
}

# munged with a fresh key, its socket, pid and seed under $TMP/munge (not /etc/munge).
start_munge() {
  local sock="$TMP/munge/munge.socket"
  mkdir -p "$TMP/munge"
  head -c 128 /dev/urandom >"$TMP/munge/munge.key"
  chmod 600 "$TMP/munge/munge.key"
  munged --foreground --key-file="$TMP/munge/munge.key" --socket="$sock" \
    --pid-file="$TMP/munge/munged.pid" --seed-file="$TMP/munge/munged.seed" \
    >"$TMP/log/munged.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 50); do [ -S "$sock" ] && break; sleep 0.1; done
  munge -n -S "$sock" | unmunge -S "$sock" >/dev/null 2>&1 \
    || fail "munged did not start or does not answer on $sock: $(tail -n 3 "$TMP/log/munged.log")"
}

# The cluster: munged, slurmctld, slurmd; waits until sinfo shows the node idle.
start_cluster() {
  local state="" waited=0 limit=60
  port_free "$CTLD_PORT"
  port_free "$SLURMD_PORT"
  TMP="$(mktemp -d /tmp/hetlab-slurm.XXXXXX)"
  chmod 755 "$TMP"   # munged wants its socket's directories executable by all
  mkdir -p "$TMP/state" "$TMP/spool" "$TMP/log"
  export SLURM_CONF="$TMP/slurm.conf"
  write_conf
  step "starting munged, slurmctld and slurmd (SLURM_CONF=$SLURM_CONF)"
  start_munge
  # Not through as_root: $! must be the daemon (or sudo, which passes the signal on).
  "${ROOT[@]}" env SLURM_CONF="$SLURM_CONF" slurmctld -D -i >"$TMP/log/slurmctld.out" 2>&1 &
  PIDS+=($!)
  "${ROOT[@]}" env SLURM_CONF="$SLURM_CONF" slurmd -D -N "$NODE" >"$TMP/log/slurmd.out" 2>&1 &
  PIDS+=($!)
  while [ "$waited" -lt "$limit" ]; do
    state="$(sinfo --noheader --nodes="$NODE" --format=%t 2>/dev/null || true)"
    [ "$state" = idle ] && break
    sleep 1
    waited=$((waited + 1))
  done
  if [ "$state" != idle ]; then
    tail -n 5 "$TMP/log/slurmctld.log" "$TMP/log/slurmd.log" >&2 2>/dev/null || true
    fail "node $NODE not idle after ${limit} s (sinfo says '${state:-no answer}'); logs: $OUT/daemons/"
  fi
  sinfo
}

# Runs `spec` in one process into $OUT/NAME/single.csv, then submits the script of
# `hetlab sweep SPEC --slurm $SHARDS`; records its seconds and job ids under NAME.
submit_spec() {
  local spec="$1" name="${1#builtin:}" dir t0 submitted
  name="$(basename "$name" .json)"
  dir="$OUT/$name"
  mkdir -p "$dir"
  NAMES+=("$name")
  t0="$(now)"
  "$HETLAB" sweep "$spec" -o "$dir/single.csv" 2>"$dir/single.log" \
    || fail "hetlab sweep $spec failed: $(cat "$dir/single.log")"
  SINGLE_S["$name"]="$(since "$t0")"
  "$HETLAB" sweep "$spec" --slurm "$SHARDS" -o "$dir/sweep.csv" >"$dir/submit.sh"
  T0["$name"]="$(now)"
  submitted="$(cd "$dir" && sh submit.sh)"
  echo "$name: $submitted"
  ARRAY["$name"]="$(sed -n 's/.*job array \([0-9]*\).*/\1/p' <<<"$submitted")"
  MERGE["$name"]="$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' <<<"$submitted")"
  if [ -z "${ARRAY[$name]}" ] || [ -z "${MERGE[$name]}" ]; then
    fail "could not read the job ids from: $submitted"
  fi
}

# Waits until every sweep's array and merge jobs have left the queue, recording when each
# did (SLURM_S); fails after $TIMEOUT seconds.
wait_jobs() {
  local waited=0 name left
  while :; do
    left=0
    for name in "${NAMES[@]}"; do
      [ -z "${SLURM_S[$name]:-}" ] || continue
      if [ -z "$(squeue --noheader --jobs="${ARRAY[$name]},${MERGE[$name]}" 2>/dev/null)" ]; then
        SLURM_S["$name"]="$(since "${T0[$name]}")"
      else
        left=$((left + 1))
      fi
    done
    [ "$left" -eq 0 ] && return
    if [ "$waited" -ge "$TIMEOUT" ]; then
      squeue >&2
      fail "$left sweeps still queued or running after $TIMEOUT s (SLURM_CHECK_TIMEOUT)"
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

# Empty when every job (and array task) of `id` ended COMPLETED, else their states.
not_completed() {
  local states
  states="$(scontrol --oneliner show job "$1" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c)"
  if grep -qv 'JobState=COMPLETED' <<<"$states"; then
    echo "job $1: $(tr '\n' ' ' <<<"$states")"
  fi
}

rows() { echo $(($(wc -l <"$1") - 1)); }

# One line per sweep: its rows and bytes in one process and merged from the shards, the
# seconds of each, and whether cmp finds them identical. Returns the number of failures.
report() {
  local name dir verdict bad failures=0 row='%-18s %6s %6s %8s %8s %8s %8s  %s\n'
  # shellcheck disable=SC2059 # the format is the table's, shared by every line
  printf "$row" sweep shards rows bytes merged 1-proc-s slurm-s result
  for name in "${NAMES[@]}"; do
    dir="$OUT/$name"
    bad="$(not_completed "${ARRAY[$name]}")$(not_completed "${MERGE[$name]}")"
    if [ -n "$bad" ]; then
      verdict="FAILED: $bad (logs: $dir/*.log)"
    elif [ ! -f "$dir/sweep.csv" ]; then
      verdict="FAILED: no merged file (log: $dir/sweep.csv.merge.log)"
    elif cmp -s "$dir/single.csv" "$dir/sweep.csv"; then
      verdict=identical
    else
      verdict="DIFFERENT: diff $dir/single.csv $dir/sweep.csv"
    fi
    [ "$verdict" = identical ] || failures=$((failures + 1))
    # shellcheck disable=SC2059
    printf "$row" "$name" "$SHARDS" "$(rows "$dir/single.csv")" "$(wc -c <"$dir/single.csv")" \
      "$( [ -f "$dir/sweep.csv" ] && wc -c <"$dir/sweep.csv" || echo -)" \
      "${SINGLE_S[$name]}" "${SLURM_S[$name]}" "$verdict"
  done
  return "$failures"
}

# The sweeps: SLURM_CHECK_SPECS, else every built-in one.
specs() {
  if [ -n "${SLURM_CHECK_SPECS:-}" ]; then
    echo "$SLURM_CHECK_SPECS"
  else
    for f in crates/core/src/sweep/builtin/*.json; do printf 'builtin:%s ' "$(basename "$f" .json)"; done
  fi
}

main() {
  local spec failures=0
  install_missing
  need_root "starting slurmd"
  step "building the release CLI"
  cargo build --release --locked -p hetlab-cli
  rm -rf "$OUT"
  mkdir -p "$OUT"
  trap cleanup EXIT
  trap 'exit 130' INT TERM
  start_cluster
  step "each sweep in one process, then its --slurm $SHARDS script submitted with sh"
  for spec in $(specs); do submit_spec "$spec"; done
  wait_jobs
  step "merged from $SHARDS Slurm shards against one process (outputs: $OUT/SWEEP/)"
  report || failures=$?
  if [ "$failures" -ne 0 ]; then
    fail "$failures of ${#NAMES[@]} sweeps not identical through Slurm"
  fi
  echo "slurm-check: all ${#NAMES[@]} sweeps byte for byte identical through a $SHARDS-shard job array"
}

main "$@"
