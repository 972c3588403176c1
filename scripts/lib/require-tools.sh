# Sourced by the scripts that run real runtimes (runtime-golden.sh, runtime-crack.sh): one loud refusal when a
# runtime is missing, never a silent skip.
#
# require_tools SCRIPT WHAT INSTALL TOOL...: exits 2 with a banner naming the missing TOOLs, what SCRIPT cannot do
# without them (WHAT) and how to install them (INSTALL), unless every TOOL is on the PATH.
require_tools() {
    local script=$1 what=$2 install=$3
    shift 3
    local missing=() tool
    for tool in "$@"; do
        command -v "$tool" > /dev/null 2>&1 || missing+=("$tool")
    done
    if ((${#missing[@]})); then
        {
            echo "=================================================================="
            echo "$script: MISSING RUNTIME(S): ${missing[*]}"
            echo "$what. On Debian:"
            echo "  $install"
            echo "=================================================================="
        } >&2
        exit 2
    fi
}
