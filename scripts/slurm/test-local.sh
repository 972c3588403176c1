#!/usr/bin/env bash
# Proves scripts/slurm/ on a real single-node Slurm (Debian's slurm-wlm and munge), started here without
# systemd and stopped at the end, whatever happens:
#
#   1. munged, slurmctld and slurmd run from a private temporary folder (own key, socket, ports, state, logs);
#   2. each case runs once with `shuffle-audit run … --no-timings`, then through scripts/slurm/submit.sh as
#      4 shards + a merge job; the merged summary.csv and counts.csv must match the single run byte for byte,
#      and the merge job's exit code must be the single run's;
#   3. the cases: fisher-yates (PASS), and naive-swap (FAIL: every shard exits 1, which must not block the
#      merge, and the merge job fails with exit code 1).
#
# Exits 0 only when every case matches; 1 otherwise, and when slurm-wlm or munge is missing (never skips).
# The binary: $SHUFFLE_AUDIT_BIN, else ${CARGO_TARGET_DIR:-target}/debug/shuffle-audit (built when absent).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
export PATH="$PATH:/usr/sbin:/sbin"

fail() {
    echo "test-local.sh: FAILED: $*" >&2
    exit 1
}

missing=()
for cmd in munged mungekey munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel; do
    command -v "$cmd" > /dev/null || missing+=("$cmd")
done
if (( ${#missing[@]} > 0 )); then
    {
        echo "=================================================================================="
        echo "test-local.sh: FAILED: slurm-wlm and munge are not installed: apt-get install slurm-wlm munge"
        echo "  (missing: ${missing[*]}); this test never skips"
        echo "=================================================================================="
    } >&2
    exit 1
fi

bin="${SHUFFLE_AUDIT_BIN:-}"
if [[ -z "$bin" ]]; then
    bin="${CARGO_TARGET_DIR:-target}/debug/shuffle-audit"
    [[ -x "$bin" ]] || cargo build --quiet
fi
[[ -x "$bin" ]] || fail "no shuffle-audit binary at $bin"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
"$bin" merge --help > /dev/null 2>&1 || fail "$bin has no merge subcommand"

node="$(hostname -s)"
user="$(id -un)"
# munged wants its socket's folder searchable by everyone, and its key readable by its owner only.
tmp="$(mktemp -d /tmp/shuffle-audit-slurm.XXXXXX)"
chmod 711 "$tmp"
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/cases"
pids=()
ctld_up=0

cleanup() {
    local status=$? pid
    set +e
    trap - EXIT INT TERM
    if (( ctld_up )); then
        scancel --quiet --user="$user" > /dev/null 2>&1
        scontrol shutdown > /dev/null 2>&1
    fi
    for pid in "${pids[@]}"; do
        for _ in $(seq 1 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.2; done
        kill -0 "$pid" 2> /dev/null && kill -TERM "$pid" 2> /dev/null
    done
    if [[ -s "$tmp/munged.pid" ]]; then
        pid="$(cat "$tmp/munged.pid")"
        kill -TERM "$pid" 2> /dev/null
        for _ in $(seq 1 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.2; done
    fi
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2> /dev/null; wait "$pid" 2> /dev/null; done
    rm -rf "$tmp"
    echo "daemons stopped, $tmp removed"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

logs() {
    local f
    # A daemon's .out (its stderr) repeats its .log, and only matters when it failed before opening the log.
    for f in "$tmp"/*.log "$tmp"/*.out; do
        [[ -f "$f" && ! ( "$f" == *.out && -f "${f%.out}.log" ) ]] || continue
        echo "----- $f (last 40 lines)"
        tail -n 40 "$f"
    done
}

# Ports nothing listens on, so that a Slurm of the system's own is left alone.
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 20000))
        (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null || { echo "$port"; return; }
    done
}
ctld_port="$(free_port)"
slurmd_port="$(free_port)"
while [[ "$slurmd_port" == "$ctld_port" ]]; do slurmd_port="$(free_port)"; done

echo "== munged"
mungekey --create --keyfile="$tmp/munge.key" --bits=1024 > /dev/null 2>&1 \
    || dd if=/dev/urandom of="$tmp/munge.key" bs=1 count=1024 status=none
chmod 600 "$tmp/munge.key"
socket="$tmp/munge.sock"
munged --key-file="$tmp/munge.key" --socket="$socket" --pid-file="$tmp/munged.pid" \
    --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed" \
    || { logs; fail "munged did not start"; }
munge --socket="$socket" --no-input | unmunge --socket="$socket" > /dev/null \
    || { logs; fail "munge cannot encode and decode a credential"; }

cat > "$tmp/slurm.conf" << EOF
ClusterName=satest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
MinJobAge=600
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=100 State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$tmp/slurm.conf"

echo "== slurmctld and slurmd ($node, ports $ctld_port and $slurmd_port)"
slurmctld -D -i -f "$SLURM_CONF" < /dev/null > "$tmp/slurmctld.out" 2>&1 &
pids+=($!)
ctld_up=1
slurmd -D -f "$SLURM_CONF" -N "$node" < /dev/null > "$tmp/slurmd.out" 2>&1 &
pids+=($!)
state=""
for _ in $(seq 1 120); do
    state="$(sinfo --noheader --nodes="$node" --format=%T 2> /dev/null || true)"
    [[ "$state" == idle ]] && break
    sleep 0.5
done
[[ "$state" == idle ]] || { logs; fail "node $node is not idle after 60 s (state: '${state:-none}')"; }
sinfo

# job_field ID FIELD: FIELD=value of the job's first record (one line per array task).
job_field() {
    scontrol show job --oneliner "$1" 2> /dev/null | head -n 1 | grep -o "\b$2=[^ ]*" | cut -d= -f2-
}

passed=0 failed=0
# run_case NAME EXPECTED-EXIT RUN-ARGS…
run_case() {
    local name="$1" want="$2"
    shift 2
    local dir="$tmp/cases/cluster run $name" single="$tmp/cases/single-$name" status=0
    echo
    echo "== $name: shuffle-audit run $* --no-timings"
    "$bin" run "$@" --no-timings --out "$single" > "$tmp/cases/single-$name.out" 2>&1 || status=$?
    if (( status != want )); then
        cat "$tmp/cases/single-$name.out"
        echo "$name: the single run exited $status, expected $want"
        failed=$((failed + 1))
        return
    fi
    echo "single run: exit $status, $(grep -E '^(PASS|SUSPICIOUS|FAIL|BROKEN):' "$tmp/cases/single-$name.out")"

    echo "== $name: scripts/slurm/submit.sh --shards 4"
    bash "$repo/scripts/slurm/submit.sh" --shards 4 --out "$dir" --bin "$bin" --time=10 \
        -- "$@" --no-timings
    local shards_job merge_job merge_state="" deadline=$((SECONDS + 300))
    shards_job="$(sed -n 's/^shards=//p' "$dir/jobs")"
    merge_job="$(sed -n 's/^merge=//p' "$dir/jobs")"
    while (( SECONDS < deadline )); do
        merge_state="$(job_field "$merge_job" JobState)"
        case "$merge_state" in
            PENDING | CONFIGURING | RUNNING | COMPLETING | REQUEUED | RESIZING | SUSPENDED | "") sleep 1 ;;
            *) break ;;
        esac
    done
    local merge_exit shard_states
    merge_exit="$(job_field "$merge_job" ExitCode)"
    shard_states="$(scontrol show job --oneliner "$shards_job" | grep -o '\bJobState=[^ ]*' | sort | uniq -c \
        | awk '{printf "%s%s x%s", sep, substr($2, 10), $1; sep=", "}')"
    echo "shards (job $shards_job): $shard_states; merge (job $merge_job): $merge_state, exit code $merge_exit"
    local exits="" i
    for i in 1 2 3 4; do exits+=" $(cat "$dir/shards/shard-$i.exit" 2> /dev/null || echo -)"; done
    echo "the shards' own exit statuses (1: the shard's verdict is FAIL):$exits"
    grep '^Merged ' "$dir/logs/merge.out" 2> /dev/null || true
    local problems=()
    [[ "$shard_states" == "COMPLETED x4" ]] || problems+=("the 4 shards did not all complete")
    [[ "$merge_state" == "$([[ $want == 0 ]] && echo COMPLETED || echo FAILED)" ]] \
        || problems+=("merge job state $merge_state")
    [[ "$merge_exit" == "$want:0" ]] || problems+=("merge exit code $merge_exit, expected $want:0")
    local file
    for file in summary.csv counts.csv; do
        if [[ ! -f "$dir/report/$file" ]]; then
            problems+=("no merged $file")
        elif cmp "$single/$file" "$dir/report/$file"; then
            echo "$file: $(stat -c %s "$dir/report/$file") bytes, identical to the single run's"
        else
            problems+=("merged $file differs from the single run's")
        fi
    done
    grep -E '^(PASS|SUSPICIOUS|FAIL|BROKEN):' "$dir/logs/merge.out" 2> /dev/null | sed 's/^/merged: /' || true
    if (( ${#problems[@]} > 0 )); then
        local f
        for f in "$dir"/logs/*; do
            echo "----- $f"
            cat "$f"
        done
        logs
        printf "$name: %s\n" "${problems[@]}"
        failed=$((failed + 1))
    else
        echo "$name: ok"
        passed=$((passed + 1))
    fi
}

# 300000 shuffles are 19 chunks of 16384: four or five chunks a shard.
run_case fisher-yates 0 -a fisher-yates --rng msvc --shuffles 300000 --seed 7
run_case naive-swap 1 -a naive-swap --rng chacha8 --shuffles 300000 --seed 7

echo
echo "test-local: $passed passed, $failed failed"
(( failed == 0 ))
