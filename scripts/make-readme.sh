#!/usr/bin/env bash
# Regenerates the output blocks of README.md and of every page of the book (docs/src/**/*.md) from the binary:
# every block marked as below is rewritten with what its commands print now.
#
#   scripts/make-readme.sh           rewrite README.md and the book's pages in place
#   scripts/make-readme.sh --check   regenerate into memory and fail if a marked block differs
#                                    (timings, thread counts and speeds are ignored: they depend on the machine)
#
# The binary is $SHUFFLE_AUDIT_BIN when set, else the release binary, built first.
#
# Marker syntax. Put the line `<!-- make-readme -->` directly above a ```text block whose commands are lines
# starting with `$ ` (as the pages show them). Every `$ ` line is run with bash, `shuffle-audit` being the binary,
# stdout and stderr together; the block becomes each command line followed by its output. A comment after the
# command (`$ cmd   # Ctrl-C after 2 s`) is kept in the block and not run. Commands run in a scratch folder that
# links every top-level entry of the repository except reports/ and target/, so relative paths
# (shuffle-audit.toml, scripts/, tests/) work and no default output folder lands in the repository. The blocks of
# one file run in order in the same scratch folder, so a block may use files an earlier block of that file wrote.
# A command line that appears in several files (`compare` in the README and in the book) is run once and its
# output reused; MAKE_README_OUTPUTS may name a JSON file of outputs already printed by this binary (command
# line as in the block, without `$ `, to its printout: scripts/make-reports.sh writes `compare`'s there when
# MAKE_REPORTS_OUTPUTS names it, as CI does), which are then not run again. Unmarked blocks are left alone: mark only blocks whose commands finish on their own and whose
# output depends only on the inputs (fixed seeds; a drawn seed or a Ctrl-C cannot be regenerated).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/lib/binary.sh
source scripts/lib/binary.sh
mode="${1:-write}"
case "$mode" in
write | --check) ;;
*)
    echo "usage: scripts/make-readme.sh [--check]" >&2
    exit 2
    ;;
esac

python3 - "$bin" "$mode" << 'EOF_PY'
import concurrent.futures, glob, os, re, shutil, subprocess, sys, tempfile, threading, time

bin_path, mode = sys.argv[1], sys.argv[2]
repo = os.getcwd()
MARK = "<!-- make-readme -->"
files = ["README.md"] + sorted(
    p for p in glob.glob("docs/src/**/*.md", recursive=True) if os.path.basename(p) != "SUMMARY.md")
outputs = {}
if os.environ.get("MAKE_README_OUTPUTS"):
    import json
    with open(os.environ["MAKE_README_OUTPUTS"], encoding="utf-8") as f:
        outputs.update(json.load(f))
    print(f"make-readme: reusing the printout of {', '.join(sorted(outputs))}", file=sys.stderr)

def scratch():
    d = tempfile.mkdtemp(prefix="make-readme-")
    for entry in os.listdir(repo):
        if entry not in ("reports", "target", ".git"):
            os.symlink(os.path.join(repo, entry), os.path.join(d, entry))
    tool = os.path.join(d, ".bin")
    os.mkdir(tool)
    os.symlink(bin_path, os.path.join(tool, "shuffle-audit"))
    return d, tool

# Each command's wall time, so that the slowest can be named at the end (CI keeps a time budget).
seconds = {}
# The files are regenerated two at a time (each in its own scratch folder, its blocks in order): most commands
# keep one core busy. A command line two files share runs once; the second file waits for its printout.
lock = threading.Lock()
running = {}

def run(cmd, cwd, tool):
    with lock:
        if cmd in outputs:
            return outputs[cmd]
        done = running.get(cmd)
        mine = done is None
        if mine:
            done = running[cmd] = threading.Event()
    if not mine:
        done.wait()
        return outputs[cmd]
    env = dict(os.environ, PATH=tool + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    start = time.monotonic()
    out = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    with lock:
        seconds[cmd] = time.monotonic() - start
        outputs[cmd] = out.stdout.decode("utf-8").rstrip("\n")
    done.set()
    return outputs[cmd]

def regenerate(path, text):
    lines = text.split("\n")
    out, i, blocks = [], 0, 0
    cwd = tool = None
    while i < len(lines):
        out.append(lines[i])
        if lines[i].strip() == MARK:
            if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
                sys.exit(f"{path}:{i + 1}: the marker is not directly above a ``` block")
            if cwd is None:
                cwd, tool = scratch()
            out.append(lines[i + 1])
            j = i + 2
            commands = []
            while j < len(lines) and not lines[j].startswith("```"):
                if lines[j].startswith("$ "):
                    commands.append(lines[j])
                j += 1
            if j == len(lines):
                sys.exit(f"{path}:{i + 1}: a marked block is not closed")
            if not commands:
                sys.exit(f"{path}:{i + 1}: a marked block has no `$ ` command line")
            block = []
            for c in commands:
                cmd = re.sub(r"\s+#.*$", "", c[2:])
                block.append(c)
                printed = run(cmd, cwd, tool)
                if printed:
                    block.append(printed)
            block = "\n".join(block).split("\n")
            # A block that differs only in what the machine decides (timings, threads, speeds) is kept as it was.
            if normalise("\n".join(block)) == normalise("\n".join(lines[i + 2:j])):
                block = lines[i + 2:j]
            out.extend(block)
            out.append(lines[j])
            blocks += 1
            i = j + 1
            continue
        i += 1
    if cwd is not None:
        shutil.rmtree(cwd, ignore_errors=True)
    return "\n".join(out), blocks

def normalise(text):
    text = re.sub(r"\d+ threads?", "N threads", text)
    # The seconds column of compare's predictability table, before its found column and outcome.
    text = re.sub(r"(seeds?|keys) +\d+\.\d +(\d+ )", r"\1 T \2", text)
    text = re.sub(r" +\d+\.\d +(\d+|-)  (cracked|recovered|not searchable|\d+ candidates)", r" T \1  \2", text)
    text = re.sub(r"\d+(\.\d+)? ?(M|k)? ?(shuffles|decks|seeds)/s", r"S \3/s", text)
    text = re.sub(r"\b\d+(\.\d+)? ?(s|ms|µs)\b", "T s", text)
    # crack: the vector instructions of this processor, and a refused search's time at the rate measured here.
    text = re.sub(r"\b(AVX-512|AVX2|portable) lanes", "ISA lanes", text)
    text = re.sub(r"would take [^(]*\(", "would take T (", text)
    text = re.sub(r'"seconds": ?[0-9.eE+-]+', '"seconds":T', text)
    # crack --trials: the seeds/s column ends each row, after the percentage of unseen cards predicted.
    text = re.sub(r"(%\s+)\d+(\.\d+)? ?[Mk]?$", r"\1S", text, flags=re.M)
    return text

def regenerated(path):
    with open(path, encoding="utf-8") as f:
        old = f.read()
    return (old, *regenerate(path, old))

stale, total = [], 0
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(regenerated, files))
for path, (old, new, blocks) in zip(files, results):
    total += blocks
    if mode == "--check":
        if normalise(new) != normalise(old):
            import difflib
            diff = difflib.unified_diff(old.split("\n"), new.split("\n"), path, "regenerated", lineterm="", n=1)
            print("\n".join(list(diff)[:80]))
            stale.append(path)
    elif new != old:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
        print(f"{path}: {blocks} marked blocks regenerated")
slowest = sorted(seconds.items(), key=lambda kv: -kv[1])[:6]
print(f"make-readme: {len(seconds)} commands run in {sum(seconds.values()):.0f} s; the slowest: "
      + "; ".join(f"{s:.1f} s {cmd[:70]}" for cmd, s in slowest), file=sys.stderr)
if stale:
    sys.exit(f"a marked block differs from what the binary prints now in: {', '.join(stale)} "
             "(scripts/make-readme.sh rewrites them)")
if mode == "--check":
    print(f"README.md and the book are up to date: {total} marked blocks in {len(files)} files regenerated")
else:
    print(f"{total} marked blocks in {len(files)} files regenerated")
EOF_PY
