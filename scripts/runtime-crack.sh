#!/usr/bin/env bash
# Cracks real dealers: a 斗地主 dealer written in Python (random.seed(int(time.time())), the randint loop), in
# Java (new Random(System.currentTimeMillis()), Collections.shuffle), in C++ (std::mt19937 of the clock's
# seconds, std::shuffle), in C# under Mono (new Random(Environment.TickCount), the Next(i + 1) loop) and in Go
# (rand.Seed(time.Now().Unix()), the rand.Intn(i + 1) loop), each run
# now by its real runtime from tests/runtimes/dealers/. The search is given seat 1's hand and when the deal
# happened (the time within an hour, or the machine's uptime within ten minutes), never the seed; it must find
# exactly one seed whose deal is the one the program printed, every other hand and the bottom included. A hand of
# 17 of 54 cards carries 45.4 bits: a false candidate among the at most 7.2 million seeds of a window has
# probability 7.2e6 · 2^-45.4 = 1.6e-7 (with --full, 2^32 seeds: 1e-4).
#
# Usage: scripts/runtime-crack.sh [--full]
#   --full  also crack the C++ dealer seeded with std::random_device (every 32-bit seed) and the C# dealer seeded
#           with (int)DateTime.Now.Ticks (every 31-bit seed): minutes each, with their times
# The binary is SHUFFLE_AUDIT_BIN, or target/release/shuffle-audit built here. Exit 0 when every dealer is
# cracked, 1 when one is not, 2 when a runtime is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

full=false
case "${1-}" in
    "") ;;
    --full) full=true ;;
    *)
        echo "usage: scripts/runtime-crack.sh [--full]" >&2
        exit 2
        ;;
esac

source scripts/lib/require-tools.sh
require_tools runtime-crack.sh "cannot run the dealers of tests/runtimes/dealers/" \
    "apt-get install default-jdk-headless mono-mcs mono-runtime g++ python3 golang-go" \
    javac java mcs mono g++ python3 go

bin=${SHUFFLE_AUDIT_BIN:-}
if [[ -z $bin ]]; then
    cargo build --release --quiet
    bin=target/release/shuffle-audit
fi
src=tests/runtimes/dealers
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
javac -d "$tmp" "$src/Dealer.java"
g++ -std=c++17 -O1 -Wall -Wextra -Werror -o "$tmp/dealer-cpp" "$src/dealer.cpp"
mcs -nologo -out:"$tmp/Dealer.exe" "$src/Dealer.cs"
# Go builds in a cache of its own; GODEBUG keeps rand.Seed working on Go 1.24 and later.
GOCACHE="$tmp/go-cache" GOPATH="$tmp/go-path" GO111MODULE=off go build -o "$tmp/dealer-go" "$src/dealer.go"

status=0
# crack NAME DEAL-FILE crack-flags...: the dealt hands against the one candidate's.
crack() {
    local name=$1 dealt=$2
    shift 2
    local seat1 json want got
    seat1=$(sed -n 's/^seat 1: //p' "$dealt")
    json=$("$bin" crack --game doudizhu --seat 1 --cards "$seat1" --json "$@" 2> "$tmp/$name.err") || true
    want=$(sed 's/^[^:]*: //' "$dealt" | tr '\n' ' ' | xargs)
    got=$(printf '%s' "$json" | python3 -c '
import json, sys
out = json.load(sys.stdin)
c = out["candidates"]
if len(c) != 1:
    print(f"{len(c)} candidates")
else:
    d = c[0]["deal"]
    print(" ".join(str(x) for hand in d["seats"] + [d["bottom"]] for x in hand), end="")
    searched, seconds = out["searched"], out["seconds"]
    print(f" | {searched} seeds in {seconds:.2f} s", file=sys.stderr)
' 2>> "$tmp/$name.err" || echo "no JSON")
    if [[ $got == "$want" ]]; then
        echo "runtime-crack.sh: $name cracked from seat 1's hand: every hand and the bottom predicted ($(tail -1 "$tmp/$name.err" | sed 's/^ | //'))"
    else
        {
            echo "=================================================================="
            echo "runtime-crack.sh: $name NOT cracked"
            echo "  dealt:     $want"
            echo "  predicted: $got"
            cat "$tmp/$name.err"
            echo "=================================================================="
        } >&2
        status=1
    fi
}

now=$(date -u +%s)
python3 "$src/dealer.py" > "$tmp/python.txt"
crack "python (random.seed(int(time.time())))" "$tmp/python.txt" -a fisher-yates --rng python --clock unix --time "$now" --window 1h
now=$(date -u +%s)
java -cp "$tmp" Dealer > "$tmp/java.txt"
crack "java (new Random(System.currentTimeMillis()))" "$tmp/java.txt" -a library-shuffle --rng java --clock unix-ms --time "$now" --window 1h
now=$(date -u +%s)
"$tmp/dealer-cpp" > "$tmp/cpp.txt"
crack "c++ (std::mt19937(time(nullptr)))" "$tmp/cpp.txt" -a library-shuffle --rng mt19937 --clock unix --time "$now" --window 1h
now=$(date -u +%s)
GODEBUG=randseednop=0 "$tmp/dealer-go" > "$tmp/go.txt"
crack "go (rand.Seed(time.Now().Unix()))" "$tmp/go.txt" -a fisher-yates --rng go --clock unix --time "$now" --window 1h
uptime=$(cut -d' ' -f1 /proc/uptime)
mono "$tmp/Dealer.exe" > "$tmp/dotnet.txt"
crack "c# (new Random(Environment.TickCount))" "$tmp/dotnet.txt" -a fisher-yates --rng dotnet --clock tick-count --uptime "${uptime%.*}s" --window 10m
if $full; then
    "$tmp/dealer-cpp" --random-device > "$tmp/cpp-full.txt"
    crack "c++ (std::mt19937(std::random_device{}()))" "$tmp/cpp-full.txt" -a library-shuffle --rng mt19937 --all-seeds
    now=$(date +%Y-%m-%dT%H:%M:%S%:z)
    mono "$tmp/Dealer.exe" --ticks > "$tmp/dotnet-ticks.txt"
    crack "c# (new Random((int)DateTime.Now.Ticks))" "$tmp/dotnet-ticks.txt" -a fisher-yates --rng dotnet --clock dotnet-ticks --time "$now" --window 1h
fi
exit "$status"
