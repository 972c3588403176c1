#!/usr/bin/env bash
# Regenerates tests/runtimes/<runtime>/expected.txt with the real runtimes: the Java program compiled with
# javac and run with java, the C# program with mcs and mono, the C++ program with g++ (libstdc++), the Python
# script with python3, the Go program with go run (Debian's golang-go), the Lua script with lua5.4, the PHP
# script with php, the Ruby script with ruby, the JavaScript of mulberry32 (with xmur3) and of the
# fract(sin(seed) * 10000) idiom with node, and provably-fair rounds (tests/runtimes/stake) with CPython's hmac and
# hashlib. The Rust tests reproduce every line of these files bit for bit.
#
# Usage: scripts/runtime-golden.sh            rewrite every expected.txt
#        scripts/runtime-golden.sh --check    regenerate into a temporary directory and compare with the committed
#                                             files: exit 0 if all are identical, 1 if any differs (with a diff),
#                                             2 if a runtime is missing
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
case "${1-}" in
    "") ;;
    --check) check=true ;;
    *)
        echo "usage: scripts/runtime-golden.sh [--check]" >&2
        exit 2
        ;;
esac

source scripts/lib/require-tools.sh
require_tools runtime-golden.sh "cannot regenerate tests/runtimes/*/expected.txt" \
    "apt-get install default-jdk-headless mono-mcs mono-runtime g++ python3 golang-go lua5.4 php-cli ruby nodejs" \
    javac java mcs mono g++ python3 go lua5.4 php ruby node

src=tests/runtimes
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"/{java,dotnet,mt19937,python,go,out}

# Each runtime's program writes its lines to stdout; the four run in parallel.
(javac -d "$tmp/java" "$src/java/Golden.java" && java -cp "$tmp/java" Golden > "$tmp/out/java.txt") &
java_pid=$!
(mcs -nologo -out:"$tmp/dotnet/Golden.exe" "$src/dotnet/Golden.cs" && mono "$tmp/dotnet/Golden.exe" > "$tmp/out/dotnet.txt") &
dotnet_pid=$!
(g++ -std=c++17 -O1 -Wall -Wextra -Werror -o "$tmp/mt19937/golden" "$src/mt19937/golden.cpp" \
    && "$tmp/mt19937/golden" > "$tmp/out/mt19937.txt") &
cpp_pid=$!
# Go builds in a cache of its own, so that a read-only home does not stop it.
(GOCACHE="$tmp/go/cache" GOPATH="$tmp/go/path" GO111MODULE=off go run "$src/go/golden.go" > "$tmp/out/go.txt") &
go_pid=$!
python3 "$src/python/golden.py" > "$tmp/out/python.txt"
# Provably-fair rounds (scheme stake, stake-shuffle, hmac-fisher-yates) by CPython's own hmac and hashlib.
python3 "$src/stake/golden.py" > "$tmp/out/stake.txt"
failed=()
# The scripted runtimes, one after another (each well under a second but the sine idiom's million seeds, about 2 s).
lua5.4 "$src/lua54/golden.lua" > "$tmp/out/lua54.txt" || failed+=(lua54)
php "$src/php/golden.php" > "$tmp/out/php.txt" || failed+=(php)
ruby "$src/ruby/golden.rb" > "$tmp/out/ruby.txt" || failed+=(ruby)
node "$src/mulberry32/golden.js" > "$tmp/out/mulberry32.txt" || failed+=(mulberry32)
node "$src/sin/golden.js" > "$tmp/out/sin.txt" || failed+=(sin)
wait "$go_pid" || failed+=(go)
wait "$java_pid" || failed+=(java)
wait "$dotnet_pid" || failed+=(dotnet)
wait "$cpp_pid" || failed+=(mt19937)
if ((${#failed[@]})); then
    echo "runtime-golden.sh: the program of ${failed[*]} did not build or run" >&2
    exit 1
fi

status=0
runtimes=(java dotnet mt19937 python go lua54 php ruby mulberry32 sin stake)
for runtime in "${runtimes[@]}"; do
    got="$tmp/out/$runtime.txt"
    want="$src/$runtime/expected.txt"
    if $check; then
        if ! cmp -s "$got" "$want"; then
            {
                echo "=================================================================="
                echo "runtime-golden.sh: $want DIFFERS from what the real runtime prints"
                echo "=================================================================="
                diff "$want" "$got" | head -20 || true
            } >&2
            status=1
        fi
    else
        cp "$got" "$want"
    fi
done
if $check && ((status == 0)); then
    lines=$(for runtime in "${runtimes[@]}"; do cat "$src/$runtime/expected.txt"; done | wc -l)
    echo "runtime-golden.sh: the expected.txt of ${runtimes[*]} match their runtimes ($lines lines)"
fi
exit "$status"
