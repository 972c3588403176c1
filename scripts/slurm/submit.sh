#!/usr/bin/env bash
# Submits a sharded `shuffle-audit run` to Slurm: a job array of K shards, then a merge job that starts when
# every shard has succeeded (--dependency=afterok). See docs/src/guides/long-runs.md, "Running on a cluster".
#
#   scripts/slurm/submit.sh --shards K --out DIR [options] [sbatch options…] -- RUN-ARGS…
#
# Task I of the array runs (scripts/slurm/shard.sbatch)
#   BIN run RUN-ARGS --shard I/K --state-out DIR/states/shard-I.state --out DIR/shards/shard-I
# and the merge job (scripts/slurm/merge.sbatch)
#   BIN merge DIR/states/shard-1.state … DIR/states/shard-K.state [MERGE-ARGS] --out DIR/report
# Logs go to DIR/logs/, the job ids to DIR/jobs.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"

usage() {
    cat << 'EOF'
usage: scripts/slurm/submit.sh --shards K --out DIR [options] [sbatch options…] -- RUN-ARGS…

  --shards K         number of shards (array tasks 1..K)
  --out DIR          run folder on a file system every node sees: states/, shards/, logs/, report/
  --bin PATH         the shuffle-audit binary the nodes run (default: shuffle-audit on PATH)
  --partition P      sbatch --partition for both jobs
  --time T           sbatch --time for both jobs (e.g. 2:00:00)
  --max-running N    at most N shards at once (--array=1-K%N)
  --merge-arg ARG    one more argument for `shuffle-audit merge` (repeatable)
  --dry-run          print the sbatch commands instead of submitting them
  -h, --help         this text

Any other option before `--` goes to both sbatch calls as one word (write --account=ACC, not --account ACC).
RUN-ARGS are `shuffle-audit run` arguments without --out, --shard and --state-out, e.g.
  -a fisher-yates --rng msvc --shuffles 3.4e10 --seed 1
Without --seed (and without --decks or --exec) one seed is drawn here, so that every shard runs the same run.
--no-timings, --lang, --fail-below and --suspicious-below among RUN-ARGS are given to the merge too.
EOF
}

die() {
    echo "submit.sh: $*" >&2
    echo "(scripts/slurm/submit.sh --help for usage)" >&2
    exit 2
}

shards="" out="" bin="" partition="" time_limit="" max_running="" dry_run=0
merge_args=() sbatch_extra=()
while (( $# > 0 )); do
    case "$1" in
        --) shift; break ;;
        -h | --help) usage; exit 0 ;;
        --shards | --out | --bin | --partition | --time | --max-running | --merge-arg)
            (( $# >= 2 )) || die "$1 needs a value"
            case "$1" in
                --shards) shards="$2" ;;
                --out) out="$2" ;;
                --bin) bin="$2" ;;
                --partition) partition="$2" ;;
                --time) time_limit="$2" ;;
                --max-running) max_running="$2" ;;
                --merge-arg) merge_args+=("$2") ;;
            esac
            shift 2
            ;;
        --shards=* | --out=* | --bin=* | --partition=* | --time=* | --max-running=* | --merge-arg=*)
            value="${1#*=}"
            case "$1" in
                --shards=*) shards="$value" ;;
                --out=*) out="$value" ;;
                --bin=*) bin="$value" ;;
                --partition=*) partition="$value" ;;
                --time=*) time_limit="$value" ;;
                --max-running=*) max_running="$value" ;;
                --merge-arg=*) merge_args+=("$value") ;;
            esac
            shift
            ;;
        --dry-run) dry_run=1; shift ;;
        --array | --array=* | -a | --dependency | --dependency=* | -d | --parsable | --output | --output=* | -o | \
            --error | --error=* | -e | --wrap | --wrap=*)
            die "$1 is set by submit.sh itself (RUN-ARGS go after '--')"
            ;;
        -*) sbatch_extra+=("$1"); shift ;;
        *) die "unexpected argument '$1' before '--' (RUN-ARGS come after '--')" ;;
    esac
done
run_args=("$@")

[[ -n "$shards" ]] || die "--shards K is required"
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || die "--shards must be a positive integer, not '$shards'"
[[ -n "$out" ]] || die "--out DIR is required"
[[ "$out" != *%* && "$out" != *\\* ]] || die "--out must not contain '%' or '\\' (Slurm reads them in log paths)"
[[ -z "$max_running" || "$max_running" =~ ^[1-9][0-9]*$ ]] \
    || die "--max-running must be a positive integer, not '$max_running'"
(( ${#run_args[@]} > 0 )) || die "no RUN-ARGS after '--' (e.g. -- -a fisher-yates --shuffles 1e9 --seed 1)"

# The run's own arguments: submit.sh sets the output places, and passes the output options on to the merge.
seeded=0 external=0
for ((i = 0; i < ${#run_args[@]}; i++)); do
    arg="${run_args[i]}"
    case "$arg" in
        --out | --out=* | --shard | --shard=* | --state-out | --state-out=*)
            die "RUN-ARGS must not contain ${arg%%=*}: submit.sh sets it for every shard"
            ;;
        --seed | --seed=*) seeded=1 ;;
        --decks | --decks=* | --exec | --exec=*) external=1 ;;
        # What the merged report and its verdict depend on beyond the states: merge takes these too.
        --no-timings | --lang=* | --fail-below=* | --suspicious-below=*) merge_args+=("$arg") ;;
        --lang | --fail-below | --suspicious-below)
            (( i + 1 < ${#run_args[@]} )) || die "$arg in RUN-ARGS needs a value"
            merge_args+=("$arg" "${run_args[i + 1]}")
            ;;
    esac
done

if [[ -z "$bin" ]]; then
    bin="$(command -v shuffle-audit)" || die "shuffle-audit is not on PATH: give --bin PATH"
fi
[[ -x "$bin" && ! -d "$bin" ]] || die "--bin $bin is not an executable file"
# The nodes run it by this path and write under DIR, from whatever folder they start in.
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
if (( ! dry_run )); then
    command -v sbatch > /dev/null || die "sbatch not found: run this where Slurm's commands are (a login node)"
    if [[ -e "$out/states" || -e "$out/report" ]]; then
        die "$out already holds a run (states/ or report/): give a new --out"
    fi
    mkdir -p "$out/states" "$out/shards" "$out/logs"
fi
[[ "$out" == /* ]] || out="$PWD/$out"

if (( ! seeded && ! external )); then
    seed="$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')"
    run_args+=(--seed "$seed")
    echo "No --seed in RUN-ARGS: every shard runs with --seed $seed"
fi

common=()
[[ -n "$partition" ]] && common+=("--partition=$partition")
[[ -n "$time_limit" ]] && common+=("--time=$time_limit")
common+=("${sbatch_extra[@]}")

array="1-$shards${max_running:+%$max_running}"
shard_cmd=(sbatch --parsable --job-name=shuffle-audit-shards "--array=$array" "--output=$out/logs/shard-%a.out"
           "${common[@]}" "$here/shard.sbatch" "$bin" "$out" "$shards" "${run_args[@]}")
merge_cmd=(sbatch --parsable --job-name=shuffle-audit-merge --kill-on-invalid-dep=yes "--output=$out/logs/merge.out"
           "${common[@]}" "$here/merge.sbatch" "$bin" "$out" "$shards" "${merge_args[@]}")

if (( dry_run )); then
    printf '%q ' "${shard_cmd[@]}"
    echo
    printf '%q ' "${merge_cmd[@]:0:2}" "--dependency=afterok:SHARDS_JOB_ID" "${merge_cmd[@]:2}"
    echo
    exit 0
fi

# sbatch --parsable prints "jobid" or "jobid;cluster".
shards_job="$("${shard_cmd[@]}")"
shards_job="${shards_job%%;*}"
merge_job="$("${merge_cmd[@]:0:2}" "--dependency=afterok:$shards_job" "${merge_cmd[@]:2}")" || {
    echo "submit.sh: the merge job was not submitted; cancelling the shards (scancel $shards_job)" >&2
    scancel "$shards_job" || true
    exit 1
}
merge_job="${merge_job%%;*}"
printf 'shards=%s\nmerge=%s\n' "$shards_job" "$merge_job" > "$out/jobs"

cat << EOF
Submitted $shards shards as job array $shards_job (tasks 1-$shards) and the merge as job $merge_job
(starts when every shard has succeeded; cancelled if one fails).
  follow:  squeue -j $shards_job,$merge_job
           sacct -j $shards_job,$merge_job     (where accounting is on)
           scontrol show job $merge_job
  logs:    $out/logs/shard-I.out, $out/logs/merge.out
  report:  $out/report/ (summary.csv, counts.csv, run.json, report.html …)
  cancel:  scancel $shards_job $merge_job
EOF
