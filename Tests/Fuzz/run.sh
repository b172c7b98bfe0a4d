#!/usr/bin/env bash
# Builds the libFuzzer targets (Sources/fuzz-frequency-list, fuzz-wnlmf, fuzz-config, fuzz-release,
# fuzz-lemmatize, fuzz-lttoolbox; VOCAB_FUZZ=1
# adds them to the package) with -sanitize=fuzzer,address in their own scratch path
# (.build-fuzz) and runs each one.
#
#   Tests/Fuzz/run.sh [seconds-per-target] [target...]
#
# Seeds: Tests/Fuzz/seeds/<target-name>/ plus files made from Corpus/sample at run time.
# The growing corpus is kept in fuzz-out/corpus/<target>/, logs in fuzz-out/<target>.log,
# crash/timeout/leak inputs in fuzz-out/<target>/. Exits 1 when a target found a problem.
# FUZZ_SANITIZERS=fuzzer drops AddressSanitizer; FUZZ_CONFIG=debug builds without -O (a third of
# the release build's time, for fewer runs a second: what CI uses). Every target is built first,
# then they run FUZZ_JOBS at a time (default: the number of cores).
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-30}"
shift || true
targets=("$@")
# fuzz-release first: its seeds alone take longest to run, so the others run beside it.
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-release fuzz-frequency-list fuzz-wnlmf fuzz-config fuzz-lemmatize fuzz-lttoolbox)
sanitizers="${FUZZ_SANITIZERS:-fuzzer,address}"
config="${FUZZ_CONFIG:-release}"

# VOCAB_FUZZ=1 adds the fuzz targets to the package (Package.swift); the config target reads the
# sample corpus.
export VOCAB_FUZZ=1
export FUZZ_CORPUS="$PWD/Corpus/sample"
build=(swift build -c "$config" --scratch-path .build-fuzz
       -Xswiftc "-sanitize=$sanitizers"
       -Xswiftc -enable-experimental-feature -Xswiftc Extern)

out=fuzz-out
mkdir -p "$out"

# Seeds made from the sample corpus (not committed twice).
samples="$out/seeds-sample"
for target in "${targets[@]}"; do
    rm -rf "${samples:?}/$target"
    mkdir -p "$samples/$target"
    case "$target" in
        fuzz-frequency-list)
            for selector in 0 1 2 3 4 5 6 7; do
                # The first byte picks the reader config (see Sources/fuzz-frequency-list).
                { printf "\\x0$selector"; cat Corpus/sample/frequency.csv; } > "$samples/$target/sample-config-$selector.csv"
            done
            cp Corpus/sample/stoplist.txt "$samples/$target/"
            # Selectors 8 to 11: the sentence-pair readers (examples), on the sample's pairs.
            for selector in 8 9 10 11; do
                printf "\\x$(printf %02x "$selector")" > "$samples/$target/sample-pairs-$selector.tsv"
                cat Corpus/sample/sentences-en-es.tsv >> "$samples/$target/sample-pairs-$selector.tsv"
            done ;;
        fuzz-wnlmf)
            cp Corpus/sample/*.xml "$samples/$target/"
            gzip -n -c Corpus/sample/lexicon-es.xml > "$samples/$target/lexicon-es.xml.gz" ;;
        fuzz-config)
            cp pipeline.json Corpus/release/*.json "$samples/$target/" ;;
        fuzz-lemmatize)
            # The first byte picks the layout (0 to 6) or the lemma table (7): see Sources/fuzz-lemmatize.
            { printf '\x07'; cat Tests/BadInputTests/Fixtures/lemmatization/lemmas.tsv; } > "$samples/$target/lemmas.tsv" ;;
        fuzz-lttoolbox)
            # An even first byte: the rest is an analyzer file (the tests' compiled fixtures).
            for analyzer in Tests/MorphologyTests/Fixtures/*.automorf.bin; do
                { printf '\x00'; cat "$analyzer"; } > "$samples/$target/$(basename "$analyzer")"
            done ;;
        fuzz-release)
            # The sample release, built by the project's own (unsanitized) vocab; each seed is a
            # selector byte (0 manifest, 1 bundle, 2 database) followed by that file.
            release_out="$out/release-sample"
            rm -rf "$release_out"
            vocab=.build/debug/vocab
            [ -x "$vocab" ] || swift build --product vocab > "$out/vocab.build.log" 2>&1 || { echo "FAILED to build vocab" >&2; exit 2; }
            SOURCE_DATE_EPOCH=1700000000 "$vocab" build --config pipeline.json --output "$release_out" --quiet \
                || { echo "FAILED to build the sample release" >&2; exit 2; }
            export FUZZ_RELEASE="$PWD/$release_out/$(ls "$release_out" | grep -v '^\.' | grep -v '\.report$' | head -1)"
            # Selectors 0-3 replace a file (manifest, bundle, database, dictionary); 4 and 5 edit
            # the database or the dictionary with SQL (Sources/fuzz-release/SchemaEdits.swift): one
            # seed per kind of edit, on a few tables and columns.
            dataset=$(basename "$FUZZ_RELEASE" | sed 's/-[0-9][0-9.]*$//')
            index=0
            for file in "$FUZZ_RELEASE/datapackage.json" "$FUZZ_RELEASE/$dataset.json" \
                        "$FUZZ_RELEASE/$dataset.sqlite" "$FUZZ_RELEASE/$dataset-dictionary.sqlite"; do
                { printf "\\x0$index"; cat "$file"; } > "$samples/$target/seed-$index"
                index=$((index + 1))
            done
            for selector in 4 5; do
                for op in $(seq 0 14); do
                    for pick in 1 2 3; do
                        printf "\\x0$selector\\x$(printf %02x "$op")\\x0$pick\\x0$((pick * 2))\\x05\\x07" \
                            > "$samples/$target/edit-$selector-$op-$pick"
                    done
                done
            done ;;
    esac
done

# The seeds folder and the longest input of each target.
seeds_of() {
    case "$1" in
        fuzz-frequency-list) echo "frequency-list 16384" ;;
        fuzz-wnlmf) echo "wnlmf 65536" ;;
        fuzz-config) echo "config 16384" ;;
        fuzz-release) echo "release 262144" ;;
        fuzz-lemmatize) echo "lemmatize 16384" ;;
        fuzz-lttoolbox) echo "lttoolbox 8192" ;;
        *) return 1 ;;
    esac
}

# Every target built first (one after the other: each build uses every core).
for target in "${targets[@]}"; do
    seeds_of "$target" > /dev/null || { echo "unknown target $target" >&2; exit 2; }
    echo "== building $target ($config, -sanitize=$sanitizers)"
    if ! "${build[@]}" --product "$target" > "$out/$target.build.log" 2>&1; then
        grep -v "Cannot export local symbol" "$out/$target.build.log" | tail -40
        echo "FAILED to build $target" >&2
        exit 2
    fi
done
bin="$("${build[@]}" --show-bin-path)"

# Runs `target` for `seconds`; its exit status in $out/<target>.status.
fuzz() {
    local target="$1" seeds max_len
    read -r seeds max_len < <(seeds_of "$target")
    local corpus="$out/corpus/$target" artifacts="$out/$target/"
    mkdir -p "$corpus" "$artifacts"
    local dict=() limits=()
    [ -f "Tests/Fuzz/$seeds.dict" ] && dict=(-dict="Tests/Fuzz/$seeds.dict")
    # An analyzer of at most 8 KiB that asks for one allocation of over 64 MB is memory out of
    # proportion to the file (a count declared, not held): a failure.
    [ "$target" = fuzz-lttoolbox ] && limits=(-malloc_limit_mb=64)
    "$bin/$target" -max_total_time="$seconds" -max_len="$max_len" -timeout=20 -rss_limit_mb=2048 \
        "${limits[@]}" -artifact_prefix="$artifacts" -print_final_stats=1 "${dict[@]}" \
        "$corpus" "Tests/Fuzz/seeds/$seeds" "$samples/$target" > "$out/$target.log" 2>&1
    echo $? > "$out/$target.status"
}

# The targets run FUZZ_JOBS at a time: each is one process on one core.
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    echo "== running $target for ${seconds}s (log: $out/$target.log)"
    fuzz "$target" &
done
wait

failed=()
summary=()
for target in "${targets[@]}"; do
    status=$(cat "$out/$target.status" 2>/dev/null || echo 2)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$target.log" | tail -1)
    coverage=$(grep -E '^#[0-9]+.*cov:' "$out/$target.log" | tail -1 | sed -E 's/.*(cov: [0-9]+ ft: [0-9]+ corp: [^ ]+).*/\1/')
    took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1s/p' "$out/$target.log" | tail -1)
    line="$target: ${runs:-?} runs in ${took:-less than ${seconds}s (stopped early)}, ${coverage:-no coverage line}, exit status $status"
    summary+=("$line")
    if [ "$status" -ne 0 ]; then
        failed+=("$target")
        grep -E "ERROR|Fatal error|Precondition failed|SUMMARY|Test unit written" "$out/$target.log" | head -20
    fi
done

echo "== fuzzing summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]} (inputs in $out/<target>/, logs in $out/<target>.log)" >&2
    exit 1
fi
