#!/usr/bin/env bash
# scripts/fuzz.sh [seconds-per-target] [target...]
# Builds the libFuzzer targets (clang, ASan + UBSan, everything instrumented) in build/fuzz and
# runs each for the given time (default 60 s) on a copy of its seed corpus (tests/fuzz/corpus/),
# printing the executions and whether it ran clean. Exits non-zero on a crash, a leak, a hang
# or a broken invariant, and keeps the input that caused it in build/fuzz/crashes/<target>/.
# Targets: fuzz_tokenizer fuzz_embedding_asset fuzz_analyze fuzz_png fuzz_image fuzz_weights (all by default). docs/HARDENING.md.
# FUZZ_JOBS=N sets the build's parallel jobs (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
((${#targets[@]})) || targets=(fuzz_tokenizer fuzz_embedding_asset fuzz_analyze fuzz_png fuzz_image fuzz_weights)
[[ "$seconds" =~ ^[0-9]+$ ]] && ((seconds > 0)) || { echo "usage: scripts/fuzz.sh [seconds-per-target] [target...]" >&2; exit 2; }

# clang-14 and the runtime of -fsanitize=fuzzer (libclang_rt.fuzzer in libclang-rt-14-dev),
# llvm-symbolizer (llvm-14) for readable stack traces, and what the native build needs.
packages=(clang-14 libclang-rt-14-dev llvm-14 cmake make libeigen3-dev catch2 libspng-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "fuzz: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

build=build/fuzz
nice -n 10 cmake -S . -B "$build" -DATTENTION_LENS_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
nice -n 10 cmake --build "$build" -j"${FUZZ_JOBS:-2}" --target "${targets[@]}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer-14 || true)}"

failed=()
summary=()
for t in "${targets[@]}"; do
  run="$build/runs/$t" crashes="$build/crashes/$t"
  rm -rf "$run"
  mkdir -p "$run/corpus" "$crashes"
  cp tests/fuzz/corpus/"$t"/* "$run/corpus/"
  echo "fuzz: $t for ${seconds} s (log: $run/log)"
  status=0
  nice -n 10 "$build/$t" "$run/corpus" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$crashes/" >"$run/log" 2>&1 || status=$?
  final_stat() { sed -n "s/^stat::$1: *//p" "$run/log" | tail -1; }
  execs="$(final_stat number_of_executed_units)" rate="$(final_stat average_exec_per_sec)" rss="$(final_stat peak_rss_mb)"
  inputs="$(find "$run/corpus" -type f | wc -l)"
  if ((status == 0)); then
    line="$t: clean for ${seconds} s, ${execs:-?} executions (${rate:-?}/s), corpus $(ls tests/fuzz/corpus/"$t" | wc -l) -> $inputs inputs, peak RSS ${rss:-?} MB"
  else
    artifact="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$run/log" | tail -1)"
    line="$t: FAILED (exit $status) after ${execs:-?} executions; input kept in ${artifact:-$crashes/}; reproduce: $build/$t ${artifact:-<input>}"
    grep -m1 -E "ERROR: |runtime error|fuzz_[a-z_]+: " "$run/log" | sed 's/^/    /' || true
    failed+=("$t")
  fi
  echo "$line"
  summary+=("$line")
done

echo
echo "fuzz: $(date -u +%Y-%m-%d) $(clang++-14 --version | head -1)"
printf '  %s\n' "${summary[@]}"
((${#failed[@]} == 0)) || { echo "fuzz: ${failed[*]} failed" >&2; exit 1; }
