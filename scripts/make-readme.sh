#!/usr/bin/env bash
# Regenerates the README's output blocks from the binary: every block marked as below is rewritten with what its
# commands print now.
#
#   scripts/make-readme.sh           rewrite README.md in place
#   scripts/make-readme.sh --check   regenerate into a temporary copy and fail if a marked block differs
#                                    (timings, thread counts and speeds are ignored: they depend on the machine)
#
# Marker syntax. Put the line `<!-- make-readme -->` directly above a ```text block whose commands are lines
# starting with `$ ` (as the README shows them). Every `$ ` line is run with bash, `shuffle-audit` being the
# release binary just built, stdout and stderr together; the block becomes each command line followed by its
# output. A comment after the command (`$ cmd   # Ctrl-C after 2 s`) is kept in the block and not run. Commands
# run in a scratch folder that links every top-level entry of the repository except reports/ and target/, so
# relative paths (shuffle-audit.toml, scripts/, tests/) work and no default output folder lands in the
# repository. Blocks of one README run in order in the same scratch folder, so a block may use files an earlier
# block wrote. Unmarked blocks are left alone: mark only blocks whose commands finish on their own and whose
# output depends only on the inputs (fixed seeds; a drawn seed or a Ctrl-C cannot be regenerated).
#
# CI does not run --check: the marked blocks include long runs (progressive MSVC, calibrate), several minutes in
# all; run it before a release, or after a change to any output format.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet
bin="$(realpath "${CARGO_TARGET_DIR:-target}/release/shuffle-audit")"
mode="${1:-write}"

python3 - "$bin" "$mode" << 'EOF'
import os, re, subprocess, sys, tempfile

bin_path, mode = sys.argv[1], sys.argv[2]
repo = os.getcwd()
MARK = "<!-- make-readme -->"

def scratch():
    d = tempfile.mkdtemp(prefix="make-readme-")
    for entry in os.listdir(repo):
        if entry not in ("reports", "target", ".git"):
            os.symlink(os.path.join(repo, entry), os.path.join(d, entry))
    tool = os.path.join(d, ".bin")
    os.mkdir(tool)
    os.symlink(bin_path, os.path.join(tool, "shuffle-audit"))
    return d, tool

def run(cmd, cwd, tool):
    env = dict(os.environ, PATH=tool + os.pathsep + os.environ["PATH"], NO_COLOR="1")
    out = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return out.stdout.decode("utf-8").rstrip("\n")

def regenerate(text):
    lines = text.split("\n")
    out, i, blocks = [], 0, 0
    cwd, tool = scratch()
    while i < len(lines):
        out.append(lines[i])
        if lines[i].strip() == MARK and i + 1 < len(lines) and lines[i + 1].startswith("```"):
            out.append(lines[i + 1])
            j = i + 2
            commands = []
            while j < len(lines) and not lines[j].startswith("```"):
                if lines[j].startswith("$ "):
                    commands.append(lines[j])
                j += 1
            if not commands:
                sys.exit(f"README.md:{i + 1}: a marked block has no `$ ` command line")
            for c in commands:
                cmd = re.sub(r"\s+#.*$", "", c[2:])
                out.append(c)
                printed = run(cmd, cwd, tool)
                if printed:
                    out.append(printed)
            out.append(lines[j])
            blocks += 1
            i = j + 1
            continue
        i += 1
    return "\n".join(out), blocks

def normalise(text):
    text = re.sub(r"\d+ threads?", "N threads", text)
    text = re.sub(r"\d+(\.\d+)? ?(M|k)? ?shuffles/s", "S shuffles/s", text)
    text = re.sub(r"\b\d+(\.\d+)? ?(s|ms|µs)\b", "T s", text)
    return text

with open("README.md", encoding="utf-8") as f:
    old = f.read()
new, blocks = regenerate(old)
if mode == "--check":
    if normalise(new) != normalise(old):
        import difflib
        diff = difflib.unified_diff(old.split("\n"), new.split("\n"), "README.md", "regenerated", lineterm="", n=1)
        print("\n".join(list(diff)[:80]))
        sys.exit("README.md: a marked block differs from what the binary prints now (scripts/make-readme.sh rewrites it)")
    print(f"README.md is up to date: {blocks} marked blocks regenerated")
else:
    with open("README.md", "w", encoding="utf-8") as f:
        f.write(new)
    print(f"README.md: {blocks} marked blocks regenerated")
EOF
